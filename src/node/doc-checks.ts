/**
 * What the build checked on each doc page, for the line that ends it: the release the page's docs version documents,
 * how many samples compile against it (the fences src/node/type-hints.ts compiles), and how many statements of the
 * page are run by tests (the claims declared in the claim tests that `npm test` runs, counted by the parser of
 * src/node/claim-count.ts and published as nodes by src/node/gatsby/claims.ts).
 * Each figure depends only on the page's own MDX and on files outside the docs, never on other pages.
 */
import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
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

/** Where the build's packages are installed: the working directory when the build code loaded. */
const ROOT = process.cwd();

/** Name and version of the installed package, read from its package.json (found from its main entry). */
export function installedPackage(name = '@rkrupinski/stan', root = ROOT): { packageName: string; release: string } {
  const entry = createRequire(path.join(root, 'package.json')).resolve(name);
  let dir = path.dirname(entry);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (json.name === name && json.version) return { packageName: name, release: json.version };
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the package.json of ${name} above ${entry}`);
    dir = parent;
  }
}
