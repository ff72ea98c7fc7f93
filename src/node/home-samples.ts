/**
 * The home page's samples (the install commands and the counter) and its highlights go through the docs' own MDX
 * pipeline at build time: code highlighted for both colour modes, the TSX compiled against the installed package
 * with type hints, the copy island's markup, the docs' package-manager tabs; prose as static HTML, so like a doc's it
 * costs the page no JavaScript. src/node/gatsby/home-samples.ts makes them `HomeSample` nodes the home page queries.
 */
import { readInstalledPackage } from '../config/installed-package';
import { CURRENT_PACKAGE } from '../contract/docs-versions';

/** Where the samples' code lives, named in build errors. */
export const HOME_SAMPLES_FILE = 'src/node/home-samples.ts';

/** One tab of a sample shown as tabs: its own code, in the sample's language. */
export interface HomeSampleTab {
  value: string;
  label: string;
  code: string;
}

export interface HomeSampleTabs {
  /** Tabs of the same group switch together, the docs' included, and the choice is remembered. */
  groupId: string;
  items: readonly HomeSampleTab[];
}

/** A sample: one titled block, tabs of blocks in one language, or MDX prose. */
export type HomeSample =
  | ({ name: 'install' | 'taste'; lang: string } & ({ title: string; code: string } | { tabs: HomeSampleTabs }))
  | { name: 'intro' | 'highlights'; mdx: string };

// The samples' code lives here, beside the build step that is its only reader (the page queries the rendered nodes).

/** The package the current docs describe, as installed; the build cannot go on without it. */
function installedStan(): { packageName: string; release: string } {
  const pkg = readInstalledPackage(CURRENT_PACKAGE);
  if (!pkg) throw new Error(`${CURRENT_PACKAGE} is not installed: run npm ci.`);
  return { packageName: pkg.name, release: pkg.version };
}

/**
 * The install command of each package manager, pinned to the release the docs describe (the installed one, which
 * every sample compiles against), in the installation page's order and tab group.
 */
export function installTabs({ packageName, release } = installedStan()): HomeSampleTabs {
  const spec = `${packageName}@${release}`;
  return {
    groupId: 'package-manager',
    items: [
      { value: 'npm', label: 'npm', code: `npm install ${spec}` },
      { value: 'yarn', label: 'Yarn', code: `yarn add ${spec}` },
      { value: 'pnpm', label: 'pnpm', code: `pnpm add ${spec}` },
      { value: 'bun', label: 'Bun', code: `bun add ${spec}` },
    ],
  };
}

const codeTaste = `import { atom, selector } from '@rkrupinski/stan';
import { useStan, useStanValue } from '@rkrupinski/stan/react';

const count = atom(0);
const doubled = selector(({ get }) => get(count) * 2);

export default function Counter() {
  const [value, setValue] = useStan(count);
  const twice = useStanValue(doubled);
  return (
    <button onClick={() => setValue((n) => n + 1)}>
      {value} doubled is {twice}
    </button>
  );
}`;

/**
 * The gzipped size of the package's core entry (`@rkrupinski/stan`, everything it exports) in kB of 1,000 bytes,
 * to one decimal: bundled with esbuild (minified, as an ES module) and gzipped at level 9, 1,698 bytes for 1.2.0-rc4.
 * Measured again by test/node/home-core-size.test.ts.
 */
export const CORE_GZIP_KB = 1.7;

/** What Stan is for, under the hero's title: its size by test/node/home-core-size.test.ts, the rest by the highlights' tests. */
const intro = `State for TypeScript apps: **atoms** hold values, **selectors** derive them, sync or async, and a **store** keeps them, one per app, request or test. React bindings are optional: the core never imports React, and it is about ${CORE_GZIP_KB} kB gzipped. If you know [Recoil or Jotai](/docs#compared-with-recoil-and-jotai), the model will look familiar.
`;

/**
 * What sets Stan apart, below the hero (which says what atoms, selectors and stores are): each claim is checked
 * against the installed package in test/node/home-highlights.test.ts.
 */
const highlights = `<ul>
<li>
<h3><a href="/docs/api/selector">Atoms and selectors</a></h3>
<p>Keep state in atoms and derive values with selectors. A selector remembers what it read and runs again only when one of those values changes.</p>
</li>
<li>
<h3><a href="/docs/api/selectorFamily">Families keyed by parameters</a></h3>
<p>atomFamily and selectorFamily give one state per JSON-serializable parameter. Selector families cache with keep-all, most-recent or LRU policies.</p>
</li>
<li>
<h3><a href="/docs/guides/error-handling">Async with cancellation</a></h3>
<p>A selector may return a promise. When its inputs change mid-flight, the previous run’s AbortSignal fires with an Aborted error.</p>
</li>
<li>
<h3><a href="/docs/api/store">Scoped to a store</a></h3>
<p>Every state is resolved against a store: DEFAULT_STORE for a single app, or makeStore() for each server request and each test.</p>
</li>
<li>
<h3><a href="/docs/api/react">React bindings</a></h3>
<p>useStan, useStanValue, useStanValueAsync, useStanRefresher and useStanReset come from @rkrupinski/stan/react.</p>
</li>
<li>
<h3><a href="/docs/guides/type-safety">Typed end to end</a></h3>
<p>Types flow from the initial value and the selector body, and writable and read-only states are distinct types.</p>
</li>
</ul>
`;

export const HOME_SAMPLES: readonly HomeSample[] = [
  { name: 'install', lang: 'bash', tabs: installTabs() },
  { name: 'taste', lang: 'tsx', title: 'Counter.tsx', code: codeTaste },
  { name: 'intro', mdx: intro },
  { name: 'highlights', mdx: highlights },
];

/** A fence; four backticks, so a sample may hold a fence of three. */
const fence = (lang: string, code: string, title?: string) =>
  `\`\`\`\`${lang}${title === undefined ? '' : ` title="${title}"`}\n${code}\n\`\`\`\`\n`;

/** The sample as MDX: one titled fence, the docs' <Tabs> with an untitled fence in each tab, or prose as written. */
export const sampleMdx = (sample: HomeSample): string =>
  'mdx' in sample
    ? sample.mdx
    : 'tabs' in sample
    ? `<Tabs groupId="${sample.tabs.groupId}">\n\n${sample.tabs.items
        .map((tab) => `<TabItem value="${tab.value}" label="${tab.label}">\n\n${fence(sample.lang, tab.code)}\n</TabItem>\n`)
        .join('\n')}\n</Tabs>\n`
    : fence(sample.lang, sample.code, sample.title);

