/** @jest-environment node */
// Issue 4: every ts/tsx sample in the docs compiles under strict TypeScript against the pinned package.
import { allCodeSamples, TYPED_LANGS } from '../samples';
import { typeCheckSamples } from '../typecheck';

const typed = allCodeSamples().filter((s) => TYPED_LANGS.has(s.lang));
const checked = typed.filter((s) => !s.partial);
const partial = typed.filter((s) => s.partial);

let results: Map<string, { line: number; message: string }[]>;
let partialResults: Map<string, { line: number; message: string }[]>;

beforeAll(() => {
  results = typeCheckSamples(checked);
  partialResults = typeCheckSamples(partial);
}, 120_000);

describe('doc samples type-check', () => {
  it('finds the samples (sanity: the extractor sees the docs)', () => {
    expect(checked.length).toBeGreaterThan(40);
  });

  it.each(checked.map((s) => [`${s.file}:${s.line}`]))('%s', (key) => {
    const errors = (results.get(key) ?? []).map((d) => `${key.split(':')[0]}:${d.line}: ${d.message}`);
    expect(errors).toEqual([]);
  });
});

// `partial` is for blocks that cannot compile on their own (they need a framework or files we do not
// show); a block that compiles must drop the marker so it is checked like the rest.
describe('partial samples are skipped explicitly', () => {
  it.each(partial.map((s) => [`${s.file}:${s.line}`]))('%s (partial) does not compile on its own', (key) => {
    expect(partialResults.get(key)?.length ?? 0).toBeGreaterThan(0);
  });
});
