/**
 * The home page's samples (the install commands and the counter) go through the docs' own code-block pipeline at
 * build time: highlighted for both colour modes, the TSX compiled against the installed package with type hints,
 * the copy island's markup, and the docs' package-manager tabs. They become `HomeSample` nodes that the home page
 * queries.
 */
import type { Actions, NodePluginArgs, Reporter } from 'gatsby';
import { installedPackage } from './doc-checks';
import { renderMdxToHtml } from './render-mdx';

/** Where the samples' code lives, named in build errors. */
export const HOME_SAMPLES_FILE = 'src/node/home-samples.ts';

export const homeSampleTypeDefs = `
  type HomeSample implements Node @dontInfer {
    name: String!
    html: String!
  }
`;

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

/** A sample: one titled block, or tabs of blocks in one language. */
export type HomeSample = { name: 'install' | 'taste'; lang: string } & (
  | { title: string; code: string }
  | { tabs: HomeSampleTabs }
);

// The samples' code lives here, beside the build step that is its only reader (the page queries the rendered nodes).

/**
 * The install command of each package manager, pinned to the release the docs describe (the installed one, which
 * every sample compiles against), in the installation page's order and tab group.
 */
export function installTabs({ packageName, release } = installedPackage()): HomeSampleTabs {
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

export function Counter() {
  const [value, setValue] = useStan(count);
  const twice = useStanValue(doubled);
  return (
    <button onClick={() => setValue((n) => n + 1)}>
      {value} doubled is {twice}
    </button>
  );
}`;

export const HOME_SAMPLES: readonly HomeSample[] = [
  { name: 'install', lang: 'bash', tabs: installTabs() },
  { name: 'taste', lang: 'tsx', title: 'Counter.tsx', code: codeTaste },
];

/** A fence; four backticks, so a sample may hold a fence of three. */
const fence = (lang: string, code: string, title?: string) =>
  `\`\`\`\`${lang}${title === undefined ? '' : ` title="${title}"`}\n${code}\n\`\`\`\`\n`;

/** The sample as MDX: one titled fence, or the docs' <Tabs> with an untitled fence in each tab. */
export const sampleMdx = (sample: HomeSample): string =>
  'tabs' in sample
    ? `<Tabs groupId="${sample.tabs.groupId}">\n\n${sample.tabs.items
        .map((tab) => `<TabItem value="${tab.value}" label="${tab.label}">\n\n${fence(sample.lang, tab.code)}\n</TabItem>\n`)
        .join('\n')}\n</Tabs>\n`
    : fence(sample.lang, sample.code, sample.title);

export async function sourceHomeSamples({
  actions,
  createNodeId,
  createContentDigest,
  reporter,
  samples = HOME_SAMPLES,
}: {
  actions: Pick<Actions, 'createNode'>;
  createNodeId: NodePluginArgs['createNodeId'];
  createContentDigest: NodePluginArgs['createContentDigest'];
  reporter: Pick<Reporter, 'panic'>;
  samples?: readonly HomeSample[];
}): Promise<void> {
  for (const sample of samples) {
    let html: string;
    try {
      html = await renderMdxToHtml(sampleMdx(sample), `${HOME_SAMPLES_FILE} (${sample.name})`);
    } catch (error) {
      reporter.panic(`${(error as Error).message}\nFix the home page sample "${sample.name}" in ${HOME_SAMPLES_FILE}.`);
      return;
    }
    await actions.createNode({
      id: createNodeId(`HomeSample ${sample.name}`),
      name: sample.name,
      html,
      internal: { type: 'HomeSample', contentDigest: createContentDigest(html) },
    });
  }
}
