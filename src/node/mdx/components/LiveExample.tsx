/**
 * <LiveExample id="…" title="…">: a figure the live-example island mounts src/examples/<id> in, near the viewport.
 * The examples are bundled with the installed @rkrupinski/stan, so they belong to the current docs only: a page of an
 * older version that embeds one fails the build (it would run another release than the page documents).
 */
import { islandMarker } from '../../../contract/islands';
import { isLiveExampleId, LIVE_EXAMPLE_IDS } from '../../../contract/live-example-ids';
import { ISLAND_STATUS_CLASS, ISLAND_STATUS_DATA } from '../../../contract/markup/island-status';
import { EXAMPLE_ID_DATA, LIVE_EXAMPLE_CLASSES, LIVE_EXAMPLE_ROOT_DATA } from '../../../contract/markup/live-example';
import { CURRENT_VERSION_NAME } from '../../../contract/docs-versions';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { useDocRender } from './context';

const LIVE_EXAMPLE_NO_SCRIPT_CSS = `.${LIVE_EXAMPLE_CLASSES.figure} [${ISLAND_STATUS_DATA.name}]{display:none}`;

export function LiveExample({ id, title }: { id: string; title?: string }) {
  const { fail, nextId, version } = useDocRender();
  if (!isLiveExampleId(id)) {
    fail(
      `<LiveExample id="${id}"> names no example: add src/examples/${id}/index.tsx and register "${id}" in ` +
        `src/contract/live-example-ids.ts (known ids: ${LIVE_EXAMPLE_IDS.join(', ')})`,
    );
  }
  if (version.name !== CURRENT_VERSION_NAME) {
    fail(
      `<LiveExample id="${id}"> is on a page of docs version ${version.name}, but the live examples (src/examples) run the ` +
        `installed @rkrupinski/stan, not ${version.name}: show the example's code as a sample instead, or link to it in the current docs`,
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
