/** @jest-environment node */
// The checker itself: it must report real errors at the MDX line, or the sample test proves nothing.
import { codeSamples } from '../samples';
import { typeCheckSamples } from '../typecheck';

const mdx = [
  '---',
  'title: probe',
  '---',
  '',
  '```ts title="ok.ts" {2}',
  "import { atom, makeStore } from '@rkrupinski/stan';",
  'const n = atom(1);',
  'n(makeStore()).set(2);',
  '```',
  '',
  '```tsx',
  "import { atom } from '@rkrupinski/stan';",
  "import { useStan } from '@rkrupinski/stan/react';",
  'const n = atom(1);',
  "export const C = () => { const [v, set] = useStan(n); return <button onClick={() => set('x')}>{v}</button>; };",
  '```',
  '',
  '```ts partial',
  'declare const x: Missing;',
  '```',
].join('\n');

describe('typeCheckSamples', () => {
  const samples = codeSamples(mdx, 'probe.mdx');

  it('reads fences with their line, language and meta', () => {
    expect(samples.map(({ line, lang, partial, title }) => ({ line, lang, partial, title }))).toEqual([
      { line: 5, lang: 'ts', partial: false, title: 'ok.ts' },
      { line: 11, lang: 'tsx', partial: false, title: undefined },
      { line: 18, lang: 'ts', partial: true, title: undefined },
    ]);
  });

  it('passes a correct sample and names the MDX line of a wrong one', () => {
    const results = typeCheckSamples(samples);
    expect(results.get('probe.mdx:5')).toEqual([]);
    const errors = results.get('probe.mdx:11') ?? [];
    expect(errors).toHaveLength(1);
    expect(errors[0]?.line).toBe(15);
    expect(errors[0]?.message).toMatch(/string.*not assignable.*number/s);
    expect(results.get('probe.mdx:18')?.[0]?.message).toMatch(/Cannot find name 'Missing'/);
  }, 60_000);
});
