// The home page's samples are built like the docs' samples: highlighted in both colour modes, typed, with a bar
// for the copy button; a sample that does not compile stops the build naming where it lives.
import { HOME_SAMPLES, HOME_SAMPLES_FILE, installTabs, sampleMdx, type HomeSample } from '@src/node/home-samples';
import { sourceHomeSamples } from '@src/node/gatsby/home-samples';
import { OutputCache, type BuildCacheStore } from '@src/node/build-cache';
import siteConfig from '../../../site.config';
import { readInstalledPackage } from '@src/config/installed-package';
import * as stan from '@rkrupinski/stan';
import * as stanReact from '@rkrupinski/stan/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import ts from 'typescript';

jest.setTimeout(60_000);

async function source(samples: readonly HomeSample[] = HOME_SAMPLES, cache?: OutputCache<string>) {
  const nodes: Array<{ name: string; html: string; internal: { type: string } }> = [];
  const reporter = { panic: jest.fn() };
  await sourceHomeSamples({
    actions: { createNode: ((node: (typeof nodes)[number]) => void nodes.push(node)) as never },
    createNodeId: (key: string) => `id:${key}`,
    createContentDigest: (value: unknown) => String(String(value).length),
    reporter: reporter as never,
    samples,
    ...(cache ? { sampleCache: cache } : {}),
  }, siteConfig);
  return { nodes, reporter };
}

describe('home page samples', () => {
  it('become HomeSample nodes holding the docs code-block markup, highlighted and typed', async () => {
    const { nodes, reporter } = await source();
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(nodes.map((n) => [n.internal.type, n.name])).toEqual([
      ['HomeSample', 'install'],
      ['HomeSample', 'taste'],
      ['HomeSample', 'intro'],
      ['HomeSample', 'highlights'],
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
    // Run renders the counter (the playground renders a tsx sample's default export), so it offers "Edit and run".
    expect(block?.nextElementSibling).toHaveAttribute('data-island', 'playground');
  });

  it('install the release the docs describe, pinned, with a tab per package manager in the docs\' tab group', async () => {
    const { nodes } = await source();
    const release = readInstalledPackage('@rkrupinski/stan')?.version;
    const install = document.createElement('div');
    install.innerHTML = nodes[0]!.html;
    const tabs = install.querySelector('[data-island="tabs"]');
    expect(tabs?.getAttribute('data-group-id')).toBe('package-manager');
    expect(Array.from(tabs?.querySelectorAll('[role="tab"]') ?? []).map((tab) => tab.getAttribute('data-value'))).toEqual(['npm', 'yarn', 'pnpm', 'bun']);
    expect(Array.from(install.querySelectorAll('[role="tabpanel"] [data-island="copy"] pre code')).map((code) => code.textContent)).toEqual([
      `npm install @rkrupinski/stan@${release}`,
      `yarn add @rkrupinski/stan@${release}`,
      `pnpm add @rkrupinski/stan@${release}`,
      `bun add @rkrupinski/stan@${release}`,
    ]);
  });

  it('pin whatever release is installed', () => {
    expect(installTabs({ packageName: '@rkrupinski/stan', release: '9.9.9' }).items.map((tab) => tab.code)).toEqual([
      'npm install @rkrupinski/stan@9.9.9',
      'yarn add @rkrupinski/stan@9.9.9',
      'pnpm add @rkrupinski/stan@9.9.9',
      'bun add @rkrupinski/stan@9.9.9',
    ]);
  });

  it('stop the build naming the sample and its file when one does not compile', async () => {
    const broken = { name: 'taste' as const, lang: 'tsx', title: 'Counter.tsx', code: "import { atom } from '@rkrupinski/stan';\nconst n: string = atom(0);" };
    const { nodes, reporter } = await source([broken]);
    expect(nodes).toHaveLength(0);
    expect(reporter.panic).toHaveBeenCalledWith(expect.stringContaining(`${HOME_SAMPLES_FILE} (taste)`));
    expect(reporter.panic).toHaveBeenCalledWith(expect.stringContaining('Fix the home page sample "taste"'));
  });

  it('are drawn once: the next start takes each unchanged sample from the build cache, and draws again only a changed one', async () => {
    const entries = new Map<string, unknown>();
    const store: BuildCacheStore = { get: async (key) => entries.get(key), set: async (key, value) => void entries.set(key, value) };
    const first = new OutputCache<string>('home-sample', () => 'code', store);
    const drawn = await source(HOME_SAMPLES, first);
    expect(first.stats).toEqual({ hits: 0, misses: HOME_SAMPLES.length });
    // A new process (a new cache object) on the same store: nothing is drawn, and the nodes are the same.
    const next = new OutputCache<string>('home-sample', () => 'code', store);
    const kept = await source(HOME_SAMPLES, next);
    expect(next.stats).toEqual({ hits: HOME_SAMPLES.length, misses: 0 });
    expect(kept.nodes.map((n) => n.html)).toEqual(drawn.nodes.map((n) => n.html));
    const edited = HOME_SAMPLES.map((sample) => (sample.name === 'taste' && 'code' in sample ? { ...sample, code: `${sample.code}\n// edited` } : sample));
    const after = new OutputCache<string>('home-sample', () => 'code', store);
    const redrawn = await source(edited, after);
    expect(after.stats).toEqual({ hits: HOME_SAMPLES.length - 1, misses: 1 });
    expect(redrawn.nodes.find((n) => n.name === 'taste')?.html).toContain('// edited');
    // New drawing code (another version of the cache) draws them all again.
    const newCode = new OutputCache<string>('home-sample', () => 'new code', store);
    await source(HOME_SAMPLES, newCode);
    expect(newCode.stats.misses).toBe(HOME_SAMPLES.length);
  });

  it('fence a sample with four backticks so it may hold three', () => {
    expect(sampleMdx({ name: 'install', lang: 'md', title: 'x', code: '```js\n1\n```' })).toBe('````md title="x"\n```js\n1\n```\n````\n');
  });

  it('show a counter that works as the page says with the installed package: each click counts, doubled beside it', () => {
    const taste = HOME_SAMPLES.find((sample) => sample.name === 'taste');
    if (!taste || !('code' in taste)) throw new Error('no taste sample');
    const { outputText } = ts.transpileModule(taste.code, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
    });
    const modules: Record<string, unknown> = {
      react,
      'react/jsx-runtime': jsxRuntime,
      '@rkrupinski/stan': stan,
      '@rkrupinski/stan/react': stanReact,
    };
    // Read as the playground's frame reads it: the default export is the component it renders.
    const exports: { default?: () => react.ReactElement } = {};
    new Function('require', 'exports', outputText)((name: string) => modules[name], exports);
    const { default: Counter } = exports;
    if (!Counter) throw new Error('the sample has no default export');
    render(react.createElement(Counter));
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('0 doubled is 0');
    act(() => void fireEvent.click(button));
    act(() => void fireEvent.click(button));
    expect(button).toHaveTextContent('2 doubled is 4');
  });

  it('render the prose as static HTML: the intro as one paragraph whose link leads to the comparison, the highlights as cards', async () => {
    const { nodes } = await source();
    const html = (name: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = nodes.find((node) => node.name === name)?.html ?? '';
      return holder;
    };
    const intro = html('intro');
    expect(intro.querySelectorAll('p')).toHaveLength(1);
    expect(intro.querySelector('a')?.getAttribute('href')).toBe('/docs#compared-with-recoil-and-jotai');
    expect(Array.from(intro.querySelectorAll('strong'), (strong) => strong.textContent)).toEqual(['atoms', 'selectors', 'store']);
    expect(html('highlights').querySelectorAll('li > h3 > a')).toHaveLength(6);
  });
});
