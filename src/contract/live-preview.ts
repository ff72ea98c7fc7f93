/**
 * The live preview of `gatsby develop`: the dev server's stream of saved docs (src/node/live-preview.ts) and the
 * messages a doc page receives from it (src/theme-common/live-preview.ts).
 */
import type { TocItem } from './toc';

/** Where the dev server streams saved docs. */
export const LIVE_PREVIEW_PATH = '/__stan/live';

/** One message of the stream: a doc's new body, or the error that keeps it from rendering. */
export type LivePreviewMessage =
  | { route: string; file: string; html: string; title: string | null; toc: TocItem[] }
  | { route: string; file: string; problem: string };
