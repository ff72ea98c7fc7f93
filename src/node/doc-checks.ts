/**
 * What the build checked on each doc page, for the line that ends it: the release the page's docs version documents,
 * how many samples compile against it (the fences src/node/type-hints.ts compiles), and how many statements of the
 * page are run by tests (the claims declared in the claim tests that `npm test` runs, counted by the parser of
 * src/node/claim-count.ts and published as nodes by src/node/gatsby/claims.ts).
 * Each figure depends only on the page's own MDX and on files outside the docs, never on other pages.
 */
import { fenceLanguage, parseCodeMeta } from './mdx/remark/code-meta';
import { compilesSample } from './type-hints';

/** Whether the build compiles a fence with this language and meta (ts/tsx, not marked `partial`). */
export function isCompiledFence(lang: string | null | undefined, meta: string | null | undefined): boolean {
  return compilesSample(fenceLanguage(lang), parseCodeMeta(meta).partial);
}

/** A doc page's figures (the GraphQL field Mdx.checks). */
export interface DocChecks {
  /** The package the page's docs version documents, as installed: name and version from its package.json. */
  packageName: string;
  release: string;
  samples: number;
  statements: number;
}
