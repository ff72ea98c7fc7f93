/** <LiveExample id="…" title="…">: a figure the live-example island mounts src/examples/<id> in, near the viewport. */
import { islandMarker } from '../../../contract/islands';
import { isLiveExampleId, LIVE_EXAMPLE_IDS } from '../../../contract/live-example-ids';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { useDocRender } from './context';

const LIVE_EXAMPLE_NO_SCRIPT_CSS = '.live-example [data-island-status]{display:none}';

export function LiveExample({ id, title }: { id: string; title?: string }) {
  const { fail, nextId } = useDocRender();
  if (!isLiveExampleId(id)) {
    fail(
      `<LiveExample id="${id}"> names no example: add src/examples/${id}/index.tsx and register "${id}" in ` +
        `src/contract/live-example-ids.ts (known ids: ${LIVE_EXAMPLE_IDS.join(', ')})`,
    );
  }
  const titleId = nextId('live-example');
  return (
    <figure className="live-example" {...islandMarker('live-example')} data-example-id={id} aria-labelledby={titleId}>
      <figcaption id={titleId} className="live-example__title">
        Live example: {title ?? id}
      </figcaption>
      {/* The stage reserves the example's height (styles.module.css) so mounting it shifts nothing. */}
      <div className="live-example__stage">
        <div className="island-status" data-island-status>
          <p role="status">{CONTENT_STRINGS.loadingExample}</p>
        </div>
        <div className="live-example__root" data-live-example-root />
      </div>
      <noscript>
        <p>{CONTENT_STRINGS.noScriptExample}</p>
        <style>{LIVE_EXAMPLE_NO_SCRIPT_CSS}</style>
      </noscript>
    </figure>
  );
}
