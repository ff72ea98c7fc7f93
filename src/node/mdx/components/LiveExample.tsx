/** <LiveExample id="…" title="…">: a figure the live-example island mounts src/examples/<id> in, near the viewport. */
import { islandMarker } from '../../../contract/islands';
import { isLiveExampleId, LIVE_EXAMPLE_IDS } from '../../../contract/live-example-ids';
import { ISLAND_STATUS_CLASS, ISLAND_STATUS_DATA } from '../../../contract/markup/island-status';
import { EXAMPLE_ID_DATA, LIVE_EXAMPLE_CLASSES, LIVE_EXAMPLE_ROOT_DATA } from '../../../contract/markup/live-example';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { useDocRender } from './context';

const LIVE_EXAMPLE_NO_SCRIPT_CSS = `.${LIVE_EXAMPLE_CLASSES.figure} [${ISLAND_STATUS_DATA.name}]{display:none}`;

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
    <figure className={LIVE_EXAMPLE_CLASSES.figure} {...islandMarker('live-example')} {...{ [EXAMPLE_ID_DATA.name]: id }} aria-labelledby={titleId}>
      <figcaption id={titleId} className={LIVE_EXAMPLE_CLASSES.title}>
        Live example: {title ?? id}
      </figcaption>
      {/* The stage reserves the example's height (styles.module.css) so mounting it shifts nothing. */}
      <div className={LIVE_EXAMPLE_CLASSES.stage}>
        <div className={ISLAND_STATUS_CLASS} {...{ [ISLAND_STATUS_DATA.name]: true }}>
          <p role="status">{CONTENT_STRINGS.loadingExample}</p>
        </div>
        <div className={LIVE_EXAMPLE_CLASSES.root} {...{ [LIVE_EXAMPLE_ROOT_DATA.name]: true }} />
      </div>
      <noscript>
        <p>{CONTENT_STRINGS.noScriptExample}</p>
        <style>{LIVE_EXAMPLE_NO_SCRIPT_CSS}</style>
      </noscript>
    </figure>
  );
}
