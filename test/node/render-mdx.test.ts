import { OutputCache } from '@src/node/build-cache';
import { renderBody, renderDocToHtml } from '../support/render';
import { extractMdxLinks } from '@src/node/mdx-extract';

// The first render loads shiki and its grammars.
jest.setTimeout(30_000);

/** Renders MDX (for the current docs unless `version` names another) and parses the HTML, so tests query it like a browser would. */
async function renderDoc(source: string, file = 'content/docs/test.mdx', version?: string) {
  const container = document.createElement('div');
  container.innerHTML = await renderDocToHtml(source, file, undefined, version);
  return container;
}

const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;

describe('renderMdxToHtml', () => {
  it('renders prose, lists and inline code to HTML', async () => {
    const html = await renderDocToHtml('Some *text* with `code`.\n\n- one\n- two\n');
    expect(html).toContain('<p>Some <em>text</em> with <code>code</code>.</p>');
    expect(html).toContain('<li>one</li>');
  });

  it('gives h2–h6 the ids the link checker knows, each with a named # anchor', async () => {
    const source = '## Cache policies\n\n### `useStan`\n\n## Cache policies\n';
    const html = await renderDocToHtml(source);
    const { headingIds } = await extractMdxLinks(source, { headingDepths: [2, 3, 4, 5, 6] });
    expect(headingIds).toEqual(['cache-policies', 'usestan', 'cache-policies-1']);
    for (const id of headingIds) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    expect(html).toContain('aria-label="Direct link to Cache policies"');
    expect(html).toContain('aria-label="Direct link to useStan"');
  });

  it('keeps internal links as plain anchors', async () => {
    const html = await renderDocToHtml('See [selector](/docs/api/selector#options).');
    expect(html).toContain('<a href="/docs/api/selector#options">selector</a>');
  });

  it('gives the table of contents from the same compilation: h2s with their h3s, ids as in the HTML', async () => {
    const { html, toc } = await renderBody(
      '### Before any h2\n\n## Usage `atom`\n\n### Details\n\n#### Too deep\n\n## Usage `atom`\n',
      'content/docs/toc.mdx',
    );
    expect(toc).toEqual([
      { id: 'before-any-h2', title: 'Before any h2', children: [] },
      { id: 'usage-atom', title: 'Usage atom', children: [{ id: 'details', title: 'Details', children: [] }] },
      { id: 'usage-atom-1', title: 'Usage atom', children: [] },
    ]);
    for (const id of ['before-any-h2', 'usage-atom', 'details', 'usage-atom-1']) expect(html).toContain(`id="${id}"`);
  });

  it('names the file, line and column when the MDX does not parse', async () => {
    await expect(renderDocToHtml('a { broken', 'content/docs/x.mdx')).rejects.toThrow(
      /^content\/docs\/x\.mdx:1:3: the MDX does not parse: .*\n {2}Fix: /,
    );
  });
});

describe('code blocks', () => {
  // `partial`: these samples do not compile (type hints are tested in type-hints.test.ts).
  it('highlights at build time with both themes as CSS variables, keyboard-scrollable', async () => {
    const doc = await renderDoc(fence('ts partial', 'const a = atom<number>(1);'));
    const pre = doc.querySelector('.code-block pre.shiki') as HTMLElement;
    expect(pre).toHaveAttribute('tabindex', '0');
    expect(pre.className).toContain('github-light-default');
    expect(pre.className).toContain('github-dark-default');
    expect(pre.style.getPropertyValue('--shiki-light-bg')).toBe('#ffffff');
    expect(pre.style.getPropertyValue('--shiki-dark-bg')).toBe('#0d1117');
    expect(pre.textContent).toBe('const a = atom<number>(1);');
    const keyword = Array.from(pre.querySelectorAll('span span')).find((s) => s.textContent === 'const') as HTMLElement;
    expect(keyword.style.getPropertyValue('--shiki-light')).toMatch(/^#/);
    expect(keyword.style.getPropertyValue('--shiki-dark')).toMatch(/^#/);
    // No inline colour: the colour mode picks a variable in CSS.
    expect(keyword.style.color).toBe('');
    expect(doc.querySelector('.code-block')).toHaveAttribute('data-island', 'copy');
    expect(doc.querySelector('.code-block')).toHaveAttribute('data-language', 'ts');
  });

  it('shows the fence title as the caption of the block', async () => {
    const doc = await renderDoc(fence('ts title="store.ts" partial', 'export const store = makeStore();'));
    const figure = doc.querySelector('figure.code-block') as HTMLElement;
    expect(figure.querySelector('figcaption')).toHaveTextContent('store.ts');
    expect(figure.querySelector('pre')?.textContent).toBe('export const store = makeStore();');
    // Untitled blocks have no caption.
    const plain = await renderDoc(fence('ts partial', 'x;'));
    expect(plain.querySelector('figcaption')).toBeNull();
    expect(plain.querySelector('div.code-block')).not.toBeNull();
  });

  it('marks the lines named in {…} meta, ranges included', async () => {
    const code = ['one();', 'two();', 'three();', 'four();', 'five();', 'six();'].join('\n');
    const doc = await renderDoc(fence('ts title="lines.ts" {2,4-6} partial', code));
    const lines = Array.from(doc.querySelectorAll('pre .line'));
    expect(lines).toHaveLength(6);
    expect(lines.map((line) => line.classList.contains('highlighted'))).toEqual([false, true, false, true, true, true]);
    expect(doc.querySelector('figcaption')).toHaveTextContent('lines.ts');
  });

  it('highlights fences inside JSX components and shell languages', async () => {
    const doc = await renderDoc(`<Admonition type="tip">\n\n${fence('bash', 'npm install @rkrupinski/stan')}\n</Admonition>\n`);
    expect(doc.querySelector('aside .code-block[data-language="bash"] pre.shiki')).toHaveTextContent(
      'npm install @rkrupinski/stan',
    );
  });

  it('shows fences without a language, or marked text, as plain text', async () => {
    const doc = await renderDoc(`${fence('', 'plain <b>words</b>')}\n${fence('text', 'more')}`);
    const blocks = doc.querySelectorAll('.code-block pre.shiki');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]?.textContent).toBe('plain <b>words</b>');
    expect(doc.querySelector('b')).toBeNull();
  });

  it('fails the build on an unknown language, naming the file', async () => {
    await expect(renderDocToHtml(fence('typescrpt', 'x'), 'content/docs/a.mdx')).rejects.toThrow(
      'content/docs/a.mdx: unknown code block language "typescrpt"',
    );
  });

  it('fails the build on bad fence meta, naming the file and line', async () => {
    await expect(renderDocToHtml(`Intro\n\n${fence('ts titel="x.ts"', 'x')}`, 'content/docs/b.mdx')).rejects.toThrow(
      'content/docs/b.mdx:3: unknown code block option "titel="x.ts""',
    );
    await expect(renderDocToHtml(fence('ts {3}', 'one\ntwo'), 'content/docs/b.mdx')).rejects.toThrow(
      'content/docs/b.mdx:1: highlighted line 3 is past the end of the code block (2 lines)',
    );
    await expect(renderDocToHtml(fence('ts {4-2}', 'one\ntwo'), 'content/docs/b.mdx')).rejects.toThrow(
      /content\/docs\/b\.mdx:1: bad highlighted-line range "4-2"/,
    );
  });

  it('draws each fence once: an unchanged fence comes from the cache, a changed one is drawn again', async () => {
    const blocks = new OutputCache<string>('test-code-blocks', () => 'v1');
    const doc = (second: string) =>
      `Intro\n\n${fence('ts title="a.ts"', 'const a: number = 1;')}\nMiddle\n\n${fence('bash', second)}`;
    const first = await renderDocToHtml(doc('npm test'), 'content/docs/c.mdx', blocks);
    expect(blocks.stats).toEqual({ hits: 0, misses: 2 });
    // The prose changed, the fences did not: nothing is highlighted or compiled again, the HTML is the same.
    const again = await renderDocToHtml(doc('npm test').replace('Middle', 'Middle, edited'), 'content/docs/c.mdx', blocks);
    expect(blocks.stats).toEqual({ hits: 2, misses: 2 });
    expect(again.replace('Middle, edited', 'Middle')).toBe(first);
    // One fence changed: only that one is drawn.
    await renderDocToHtml(doc('npm run build'), 'content/docs/c.mdx', blocks);
    expect(blocks.stats).toEqual({ hits: 3, misses: 3 });
  });

  it('never caches a sample that does not compile: fixed, it is compiled again', async () => {
    const blocks = new OutputCache<string>('test-code-blocks-errors', () => 'v1');
    const broken = fence('ts', "const n: number = 'one';");
    await expect(renderDocToHtml(broken, 'content/docs/d.mdx', blocks)).rejects.toThrow(/content\/docs\/d\.mdx:1: this sample does not compile/);
    await expect(renderDocToHtml(broken, 'content/docs/d.mdx', blocks)).rejects.toThrow(/does not compile/);
    await expect(renderDocToHtml(fence('ts', 'const n: number = 1;'), 'content/docs/d.mdx', blocks)).resolves.toContain('type-hint');
  });
});

describe('playground markers', () => {
  it('puts "Edit and run" (the playground island) after each sample that compiles on its own and shows output, and after no other fence', async () => {
    const doc = await renderDoc(
      fence('tsx', 'export default function App() {\n  return <p>{1}</p>;\n}') +
        fence('ts partial', 'n.toFixed();') +
        fence('sh', 'npm test') +
        fence('typescript', 'const m = 2;\nconsole.log(m);'),
    );
    const markers = Array.from(doc.querySelectorAll('[data-island="playground"]'));
    expect(markers.map((m) => m.getAttribute('data-lang'))).toEqual(['tsx', 'ts']);
    // Right after its code block, where the island looks for the code; no copy of the code for an unmarked sample.
    expect(markers[0]!.previousElementSibling).toHaveAttribute('data-language', 'tsx');
    expect(markers[0]).not.toHaveAttribute('data-code');
  });

  it('names the docs version whose package "Edit and run" runs: the current one, or the version the doc is in', async () => {
    const sample = fence('ts', 'const m = 2;\nconsole.log(m);');
    const current = await renderDoc(sample);
    expect(current.querySelector('[data-island="playground"]')).toHaveAttribute('data-version', 'current');
    const older = await renderDoc(sample, 'content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', '1.0.0-rc14');
    expect(older.querySelector('[data-island="playground"]')).toHaveAttribute('data-version', '1.0.0-rc14');
  });

  it('offers "Edit and run" only where a run prints or renders: not under a bare signature or unused declarations', async () => {
    const signature = "import type { WritableState } from '@rkrupinski/stan';\n\ndeclare function atom<T>(initialValue: T): WritableState<T>;";
    const declarations = "import { atom } from '@rkrupinski/stan';\n\nexport const count = atom(0);";
    const logging = "import { atom, makeStore } from '@rkrupinski/stan';\n\nconst count = atom(0);\nconsole.log(count(makeStore()).get());";
    const namedComponent = 'export function Hello() {\n  return <p>Hello</p>;\n}';
    const doc = await renderDoc(fence('ts', signature) + fence('ts', declarations) + fence('ts', logging) + fence('tsx', namedComponent));
    const blocks = Array.from(doc.querySelectorAll('[data-language]'));
    expect(blocks).toHaveLength(4);
    const launchAfter = blocks.map((block) => block.nextElementSibling?.getAttribute('data-island') === 'playground');
    expect(launchAfter).toEqual([false, false, true, false]);
    expect(doc.querySelectorAll('[data-island="playground"]')).toHaveLength(1);
    expect(doc.querySelector('[data-island="playground"] button')).toHaveTextContent('Edit and run');
  });

  it('decides from the code a marked sample ends with: a log that only the removed lines had leaves no button', async () => {
    const code = ['const a = 1;', 'console.log(a); // [!code --]', 'export { a }; // [!code ++]'].join('\n');
    const doc = await renderDoc(fence('ts', code));
    expect(doc.querySelector('[data-island="playground"]')).toBeNull();
  });

  it('gives a sample with diff marks the code it ends with, without the marks', async () => {
    const code = ['const a = 1; // [!code --]', 'const b = 2; // [!code ++]', 'console.log(b);'].join('\n');
    const doc = await renderDoc(fence('ts', code));
    expect(doc.querySelector('[data-island="playground"]')).toHaveAttribute('data-code', 'const b = 2;\nconsole.log(b);');
  });
});

describe('admonitions', () => {
  it.each([
    ['note', 'Note'],
    ['tip', 'Tip'],
    ['warning', 'Warning'],
    ['info', 'Info'],
    ['danger', 'Danger'],
  ])('renders type %s as a named aside with an icon', async (type, label) => {
    const doc = await renderDoc(`<Admonition type="${type}">\nRead **this**.\n</Admonition>\n`);
    const aside = doc.querySelector('aside') as HTMLElement;
    expect(aside).toHaveAttribute('aria-label', label);
    expect(aside).toHaveClass('admonition', `admonition--${type}`);
    expect(aside.querySelector('.admonition__heading')).toHaveTextContent(label);
    expect(aside.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(aside.querySelector('.admonition__content')?.innerHTML).toBe('<p>Read <strong>this</strong>.</p>');
  });

  it('defaults to a note and shows a custom title, keeping the type in the name', async () => {
    const doc = await renderDoc('<Admonition title="Selectors are lazy">\nThey run on first read.\n</Admonition>\n');
    const aside = doc.querySelector('aside') as HTMLElement;
    expect(aside).toHaveClass('admonition--note');
    expect(aside).toHaveAttribute('aria-label', 'Note: Selectors are lazy');
    expect(aside.querySelector('.admonition__heading')).toHaveTextContent('Selectors are lazy');
  });

  it('fails the build on an unknown type', async () => {
    await expect(renderDocToHtml('<Admonition type="caution">x</Admonition>', 'content/docs/c.mdx')).rejects.toThrow(
      'content/docs/c.mdx: <Admonition type="caution"> is not a known type (use note, tip, warning, info, danger)',
    );
  });
});

describe('since marks', () => {
  it('renders a short visible label, the full release for screen readers and a tooltip that names both releases', async () => {
    const doc = await renderDoc('- `options.tag` <Since release="1.2.0-rc4" /> (optional): a label.\n');
    const mark = doc.querySelector('li .since-mark') as HTMLElement;
    expect(mark.previousElementSibling).toHaveTextContent('options.tag');
    expect(mark.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^Since 1\.2$/);
    expect(mark.querySelector('.visually-hidden')).toHaveTextContent(/^Since 1\.2\.0-rc4$/);
    expect(mark).toHaveAttribute('title', 'Added in release 1.2.0-rc4; 1.0.0-rc14 does not have it');
    // What a screen reader reads: the sentence with the full release, the short label left out.
    const spoken = (node: Node): string =>
      node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true' ? '' : node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : [...node.childNodes].map(spoken).join('');
    expect(spoken(doc.querySelector('li') as HTMLElement)).toBe('options.tag Since 1.2.0-rc4 (optional): a label.');
  });

  it('on its own line under a heading, is a direct child of the content (styled as a block), not a paragraph', async () => {
    const doc = await renderDoc('## `reset`\n\n<Since release="1.2.0-rc4" />\n\nSets an atom back.\n');
    const mark = doc.querySelector(':scope > .since-mark');
    expect(mark?.previousElementSibling?.tagName).toBe('H2');
    expect(mark?.nextElementSibling?.tagName).toBe('P');
  });

  it.each([
    ['<Since release="1.3.0" />', 'release="1.3.0"'],
    ['<Since release="1.0.0-rc14" />', 'release="1.0.0-rc14"'],
    ['<Since />', 'no release'],
  ])('fails the build on %s, naming the file and the release to write', async (mark, named) => {
    await expect(renderDocToHtml(`Text ${mark}.\n`, 'content/docs/api/x.mdx')).rejects.toThrow(
      `content/docs/api/x.mdx: <Since> has ${named}, which is not a release these docs can mark: write release="1.2.0-rc4"`,
    );
  });
});

describe('tabs', () => {
  const tabsSource = `<Tabs groupId="package-manager">
<TabItem value="npm" label="npm">

${fence('bash', 'npm install @rkrupinski/stan')}
</TabItem>
<TabItem value="yarn" label="Yarn">

${fence('bash', 'yarn add @rkrupinski/stan')}
</TabItem>
</Tabs>
`;

  it('renders the WAI-ARIA tabs pattern with the first tab selected', async () => {
    const doc = await renderDoc(tabsSource);
    const tabs = doc.querySelector('.tabs') as HTMLElement;
    expect(tabs).toHaveAttribute('data-island', 'tabs');
    expect(tabs).toHaveAttribute('data-group-id', 'package-manager');
    const buttons = Array.from(tabs.querySelectorAll('[role="tablist"] > button[role="tab"]'));
    const panels = Array.from(tabs.querySelectorAll(':scope > [role="tabpanel"]'));
    expect(buttons.map((b) => b.textContent)).toEqual(['npm', 'Yarn']);
    expect(buttons.map((b) => b.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(buttons.map((b) => b.getAttribute('tabindex'))).toEqual(['0', '-1']);
    expect(buttons.map((b) => b.getAttribute('type'))).toEqual(['button', 'button']);
    buttons.forEach((button, index) => {
      const panel = panels[index] as HTMLElement;
      expect(button.getAttribute('aria-controls')).toBe(panel.id);
      expect(panel.getAttribute('aria-labelledby')).toBe(button.id);
      expect(panel).toHaveAttribute('tabindex', '0');
    });
    expect(panels.map((p) => p.hasAttribute('hidden'))).toEqual([false, true]);
    expect(panels[1]?.querySelector('pre')).toHaveTextContent('yarn add @rkrupinski/stan');
  });

  it('keeps every panel readable without JavaScript (a <noscript> style shows them under their labels)', async () => {
    const doc = await renderDoc(tabsSource);
    expect(Array.from(doc.querySelectorAll('.tabs__panel-label'), (l) => l.textContent)).toEqual(['npm', 'Yarn']);
    const noscript = doc.querySelector('.tabs > noscript') as HTMLElement;
    expect(noscript.innerHTML).toContain('[role=tabpanel][hidden]{display:block}');
    expect(noscript.innerHTML).toContain('[role=tablist]{display:none}');
  });

  it('selects defaultValue (or a TabItem marked default) first', async () => {
    const doc = await renderDoc(
      '<Tabs defaultValue="b">\n<TabItem value="a">A</TabItem>\n<TabItem value="b">B</TabItem>\n</Tabs>\n',
    );
    expect(doc.querySelector('[aria-selected="true"]')).toHaveTextContent('b');
    expect(doc.querySelector('[role="tabpanel"]:not([hidden])')).toHaveTextContent('B');
    expect(doc.querySelector('.tabs')).not.toHaveAttribute('data-group-id');
    const marked = await renderDoc('<Tabs>\n<TabItem value="a">A</TabItem>\n<TabItem value="b" default>B</TabItem>\n</Tabs>\n');
    expect(marked.querySelector('[aria-selected="true"]')).toHaveTextContent('b');
  });

  it('gives each tab group its own ids', async () => {
    const doc = await renderDoc(`${tabsSource}\n${tabsSource}`);
    const ids = Array.from(doc.querySelectorAll('[id]'), (el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.querySelectorAll('.tabs')).toHaveLength(2);
  });

  it.each([
    ['<Tabs> has two <TabItem value="a">', '<Tabs>\n<TabItem value="a">A</TabItem>\n<TabItem value="a">B</TabItem>\n</Tabs>\n'],
    ['<Tabs> may only contain <TabItem> elements', '<Tabs>\n<TabItem value="a">A</TabItem>\n<p>stray</p>\n</Tabs>\n'],
    ['<Tabs defaultValue="z"> matches no <TabItem> (a)', '<Tabs defaultValue="z">\n<TabItem value="a">A</TabItem>\n</Tabs>\n'],
    ['<Tabs> needs at least one <TabItem>', '<Tabs></Tabs>\n'],
    ['<TabItem value="a"> must be a direct child of <Tabs>', '<TabItem value="a">A</TabItem>\n'],
  ])('fails the build on misuse: %s', async (message, source) => {
    await expect(renderDocToHtml(source, 'content/docs/t.mdx')).rejects.toThrow(`content/docs/t.mdx: ${message}`);
  });
});

describe('mermaid diagrams', () => {
  const diagram = 'flowchart LR\n  accTitle: How a selector depends on atoms\n  a[atom] --> s[selector]';

  it('shows the readable source as a code block before any script runs', async () => {
    const doc = await renderDoc(fence('mermaid', diagram));
    const figure = doc.querySelector('.mermaid-diagram') as HTMLElement;
    expect(figure).toHaveAttribute('data-island', 'mermaid');
    const details = figure.querySelector('details') as HTMLDetailsElement;
    expect(details).toHaveAttribute('open');
    expect(details.querySelector('summary')).toHaveTextContent('Diagram source');
    expect(details.querySelector('.code-block pre code')?.textContent).toBe(diagram);
    // The island draws into this; hidden until then. Its name is the diagram's title.
    const output = figure.querySelector('[data-mermaid-output]') as HTMLElement;
    expect(output).toHaveAttribute('hidden');
    expect(output).toHaveAttribute('role', 'img');
    expect(output).toHaveAttribute('aria-label', 'How a selector depends on atoms');
    expect(figure.querySelector('[data-island-status]')).not.toBeNull();
  });

  it('names the diagram from the fence title, front matter or first line', async () => {
    const named = async (source: string) =>
      (await renderDoc(source)).querySelector('[data-mermaid-output]')?.getAttribute('aria-label');
    expect(await named(fence('mermaid title="SSR request flow"', 'sequenceDiagram\n  A->>B: hi'))).toBe('SSR request flow');
    expect(await named(fence('mermaid', '---\ntitle: "Store graph"\n---\nflowchart TD\n  a --> b'))).toBe('Store graph');
    expect(await named(fence('mermaid', '%% comment\nflowchart TD\n  a --> b'))).toBe('flowchart TD');
  });

  it('adds no diagram markup to pages without one', async () => {
    const html = await renderDocToHtml(fence('ts partial', 'x;'));
    expect(html).not.toContain('mermaid');
  });
});

describe('live examples', () => {
  it('renders a placeholder the island mounts into, with a note for readers without JavaScript', async () => {
    const doc = await renderDoc('<LiveExample id="counter" title="Counter" />\n');
    const figure = doc.querySelector('figure.live-example') as HTMLElement;
    expect(figure).toHaveAttribute('data-island', 'live-example');
    expect(figure).toHaveAttribute('data-example-id', 'counter');
    const caption = figure.querySelector('figcaption') as HTMLElement;
    expect(caption).toHaveTextContent('Live example: Counter');
    expect(figure.getAttribute('aria-labelledby')).toBe(caption.id);
    expect(figure.querySelector('[data-island-status] [role="status"]')).toHaveTextContent('Loading example…');
    expect(figure.querySelector('[data-live-example-root]')).toBeEmptyDOMElement();
    expect(figure.querySelector('noscript')?.innerHTML).toContain(
      'This live example needs JavaScript. Its complete source is in the code block below.',
    );
  });

  it('fails the build on an unknown id, naming the file and the id', async () => {
    await expect(renderDocToHtml('<LiveExample id="countr" title="Counter" />', 'content/docs/getting-started/examples.mdx')).rejects.toThrow(
      'content/docs/getting-started/examples.mdx: <LiveExample id="countr"> names no example: add src/examples/countr/index.tsx',
    );
  });
});
