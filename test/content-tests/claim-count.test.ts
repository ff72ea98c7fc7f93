/** @jest-environment node */
// The claim tests are loaded as Jest loads them (some need Node's own Buffer), so this file runs in node.
import fs from 'fs';
import path from 'path';
import { CLAIM_TESTS_DIR } from '@src/node/sources';
import { claimCountsOnDisk, ClaimCountError, countClaimsInSource, sumClaimCounts } from '@src/node/claim-count';

const ROOT = path.resolve(__dirname, '../..');
const IMPORT = "import { claimsOf } from '../../claims';\n";
const counts = (source: string, file = 'x.test.ts') => Object.fromEntries(countClaimsInSource(source, file));

describe('countClaimsInSource', () => {
  it('counts calls of a bound claim function and of claimsOf(page)(…), per page', () => {
    const source = `${IMPORT}
const claim = claimsOf('api/atom');
claim('one', () => {});
claim(['two', 'three'], async () => {
  claim('not a claim of its own: inside a claim body', () => {});
});
claimsOf('api/store')('four', () => {});`;
    expect(counts(source)).toEqual({ 'api/atom': 2, 'api/store': 1 });
  });

  it('resolves each claim function in its own block, as describe blocks bind them', () => {
    const source = `${IMPORT}
describe('intro', () => {
  const claim = claimsOf('intro');
  claim('a', () => {});
  claim('b', () => {});
});
describe('installation', () => {
  const claim = claimsOf('getting-started/installation');
  claim('c', () => {});
  function helper(claim: (s: string) => void) { claim('a parameter, not a claim function'); }
  helper(() => {});
});`;
    expect(counts(source)).toEqual({ intro: 2, 'getting-started/installation': 1 });
  });

  it('follows an import alias and ignores files that do not import claimsOf', () => {
    expect(counts("import { claimsOf as of } from '../claims';\nof('intro')('x', () => {});")).toEqual({ intro: 1 });
    expect(counts("const claimsOf = (p: string) => () => p;\nclaimsOf('intro')('x', () => {});")).toEqual({});
  });

  it('does not count claims in skipped blocks, which do not run', () => {
    const source = `${IMPORT}
const claim = claimsOf('intro');
describe.skip('later', () => { claim('a', () => {}); });
xdescribe('later', () => { claim('b', () => {}); });
claim('c', () => {});`;
    expect(counts(source)).toEqual({ intro: 1 });
  });

  it('reads TSX test files', () => {
    const source = `${IMPORT}const claim = claimsOf('api/react');\nclaim('renders', () => { const el = <p>{'x'}</p>; return el; });`;
    expect(counts(source, 'x.test.tsx')).toEqual({ 'api/react': 1 });
  });

  it.each([
    ['a claim in a loop', `${IMPORT}const claim = claimsOf('intro');\nfor (const w of ['a', 'b']) {\n  claim(w, () => {});\n}`, /x\.test\.ts:4: a claim declared in a loop/],
    ['a claim per table row', `${IMPORT}const claim = claimsOf('intro');\n['a', 'b'].forEach((w) => claim(w, () => {}));`, /x\.test\.ts:3: a claim declared in a loop/],
    ['a page given by a variable', `${IMPORT}const page = 'intro';\nconst claim = claimsOf(page);`, /x\.test\.ts:3: claimsOf\(\) needs the page as a string literal/],
    ['the claim function passed around', `${IMPORT}const claim = claimsOf('intro');\nrunAll(claim);`, /x\.test\.ts:3: the claim function `claim` is used other than by calling it/],
    ['claimsOf kept in an object', `${IMPORT}const claims = { intro: claimsOf('intro') };`, /x\.test\.ts:2: use claimsOf\('page'\) as/],
  ])('fails on %s, naming the file and line', (_name, source, message) => {
    expect(() => countClaimsInSource(source, 'x.test.ts')).toThrow(ClaimCountError);
    expect(() => countClaimsInSource(source, 'x.test.ts')).toThrow(message);
  });

  it('adds files up per page', () => {
    const total = sumClaimCounts([new Map([['intro', 2]]), new Map([['intro', 1], ['api/atom', 4]])]);
    expect(Object.fromEntries(total)).toEqual({ intro: 3, 'api/atom': 4 });
  });
});

describe('the claim tests of this repository', () => {
  // The reference: what the test files really declare when Jest loads them, with claimsOf counting its calls.
  function declaredWhenLoaded(): Map<string, number> {
    const declared = new Map<string, number>();
    const files = (function list(dir: string): string[] {
      return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? list(path.join(dir, e.name)) : /\.test\.[jt]sx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    })(path.join(ROOT, CLAIM_TESTS_DIR));
    const globals = globalThis as unknown as Record<string, unknown>;
    const saved = ['describe', 'it', 'test', 'beforeEach', 'afterEach', 'beforeAll', 'afterAll'].map((k) => [k, globals[k]] as const);
    // Blocks run their bodies (skipped ones do not, as in Jest); tests and hooks are only declared.
    const noop = () => {};
    const test = Object.assign(noop, { each: () => noop, skip: noop, only: noop, todo: noop });
    const run = (_name: string, fn?: () => void) => fn?.();
    const describe = Object.assign(run, { each: () => noop, skip: noop, only: run });
    Object.assign(globals, { describe, it: test, test, beforeEach: noop, afterEach: noop, beforeAll: noop, afterAll: noop });
    try {
      // This file names claimsOf in its fixtures only.
      for (const file of files.filter((f) => f !== __filename && fs.readFileSync(f, 'utf8').includes('claimsOf'))) {
        jest.isolateModules(() => {
          jest.doMock(path.join(ROOT, 'test/support/claims.ts'), () => ({
            ...jest.requireActual(path.join(ROOT, 'test/support/claims.ts')),
            claimsOf: (page: string) => () => declared.set(page, (declared.get(page) ?? 0) + 1),
          }));
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require(file);
        });
      }
    } finally {
      Object.assign(globals, Object.fromEntries(saved));
    }
    return declared;
  }

  it('counts exactly the claims the test files declare, page by page', () => {
    const parsed = claimCountsOnDisk(ROOT);
    const declared = declaredWhenLoaded();
    expect(Object.fromEntries([...parsed].sort())).toEqual(Object.fromEntries([...declared].sort()));
    expect(parsed.size).toBeGreaterThan(10);
  });
});
