// The home page's samples are built like the docs' samples: highlighted in both colour modes, typed, with a bar
// for the copy button; a sample that does not compile stops the build naming where it lives.
import { HOME_SAMPLES, HOME_SAMPLES_FILE, sampleMdx, type HomeSample } from '../../home-samples';
import { sourceHomeSamples } from '../home-samples';

jest.setTimeout(60_000);

async function source(samples: readonly HomeSample[] = HOME_SAMPLES) {
  const nodes: Array<{ name: string; html: string; internal: { type: string } }> = [];
  const reporter = { panic: jest.fn() };
  await sourceHomeSamples({
    actions: { createNode: ((node: (typeof nodes)[number]) => void nodes.push(node)) as never },
    createNodeId: (key: string) => `id:${key}`,
    createContentDigest: (value: unknown) => String(String(value).length),
    reporter: reporter as never,
    samples,
  });
  return { nodes, reporter };
}

describe('home page samples', () => {
  it('become HomeSample nodes holding the docs code-block markup, highlighted and typed', async () => {
    const { nodes, reporter } = await source();
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(nodes.map((n) => [n.internal.type, n.name])).toEqual([
      ['HomeSample', 'install'],
      ['HomeSample', 'taste'],
    ]);
    const taste = document.createElement('div');
    taste.innerHTML = nodes[1]!.html;
    const block = taste.querySelector('[data-island="copy"]');
    expect(block?.getAttribute('data-language')).toBe('tsx');
    expect(block?.querySelector('.code-block__title')?.textContent).toBe('Counter.tsx');
    // Both colour modes' colours, as in the docs.
    expect(taste.querySelector('pre.shiki span[style*="--shiki-dark"]')).not.toBeNull();
    // Types from the installed package on the identifiers.
    const hinted = Array.from(taste.querySelectorAll('[data-type]')).map((el) => el.getAttribute('data-type'));
    expect(hinted.some((type) => /WritableState<number>/.test(type ?? ''))).toBe(true);
    expect(taste.textContent).toContain('useStanValue(doubled)');
    const install = document.createElement('div');
    install.innerHTML = nodes[0]!.html;
    expect(install.querySelector('[data-island="copy"] pre code')?.textContent).toBe('npm install @rkrupinski/stan');
  });

  it('stop the build naming the sample and its file when one does not compile', async () => {
    const broken = { name: 'taste' as const, lang: 'tsx', title: 'Counter.tsx', code: "import { atom } from '@rkrupinski/stan';\nconst n: string = atom(0);" };
    const { nodes, reporter } = await source([broken]);
    expect(nodes).toHaveLength(0);
    expect(reporter.panic).toHaveBeenCalledWith(expect.stringContaining(`${HOME_SAMPLES_FILE} (taste)`));
    expect(reporter.panic).toHaveBeenCalledWith(expect.stringContaining('Fix the home page sample "taste"'));
  });

  it('fence a sample with four backticks so it may hold three', () => {
    expect(sampleMdx({ name: 'install', lang: 'md', title: 'x', code: '```js\n1\n```' })).toBe('````md title="x"\n```js\n1\n```\n````\n');
  });
});
