// The markup contract on both sides: the build writes every name it holds, and the theme's stylesheets style the
// classes they are meant to (a stylesheet cannot import the names, so a rename on one side shows here).
import fs from 'fs';
import path from 'path';
import { renderBody } from '../support/render';
import * as docImages from '@src/contract/doc-images';
import * as copyButton from '@src/contract/markup/copy-button';
import * as islandStatus from '@src/contract/markup/island-status';
import * as liveExample from '@src/contract/markup/live-example';
import * as mermaid from '@src/contract/markup/mermaid';
import * as playgroundLaunch from '@src/contract/markup/playground-launch';
import * as staticMarkup from '@src/contract/markup/static';
import * as tabs from '@src/contract/markup/tabs';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');

const MODULES: unknown[] = [copyButton, islandStatus, liveExample, mermaid, playgroundLaunch, staticMarkup, tabs];

/** The strings a module exports, alone or in an object of names; the admonition's type class for the fixture's type. */
const namesOf = (module: unknown): unknown[] =>
  Object.values(module as object).flatMap((value) => (typeof value === 'object' && value !== null && !('key' in value) ? Object.values(value) : [value]));

/** Every class name the contract holds. */
const CLASSES: string[] = [
  ...MODULES.flatMap(namesOf).filter((value): value is string => typeof value === 'string'),
  staticMarkup.admonitionTypeClass('tip'),
];

/** Every data attribute the contract holds. */
const DATA_ATTRIBUTES = MODULES.flatMap((module) => Object.values(module as object) as unknown[]).filter(
  (value): value is { name: string; key: string } => typeof value === 'object' && value !== null && 'key' in value,
);

const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;

/** A doc that uses every component the contract describes. */
const FIXTURE = [
  '## A heading',
  fence('ts title="sample.ts"', "import { atom } from '@rkrupinski/stan';\nexport const a = atom(1); // [!code ++]\nconsole.log(a);"),
  fence('mermaid', 'flowchart LR\n  a --> b'),
  '<Admonition type="tip">Careful.</Admonition>\n',
  '<Tabs groupId="pm">\n<TabItem value="npm">\n\nnpm\n\n</TabItem>\n</Tabs>\n',
  '<LiveExample id="counter" />\n',
  '- `tag` <Since release="1.2.0-rc4" />: a label.\n',
].join('\n');

describe('the markup contract', () => {
  it('names only what the build writes: every class and data attribute appears in a rendered doc', async () => {
    const container = document.createElement('div');
    container.innerHTML = (await renderBody(FIXTURE, 'content/docs/markup.mdx')).html;
    for (const name of CLASSES) expect({ name, written: container.querySelector(`.${name}`) !== null }).toEqual({ name, written: true });
    expect(DATA_ATTRIBUTES.length).toBeGreaterThanOrEqual(10);
    for (const { name, key } of DATA_ATTRIBUTES) {
      const element = container.querySelector(`[${name}]`);
      expect({ name, written: element !== null }).toEqual({ name, written: true });
      // The dataset key the islands read is the attribute's.
      expect((element as HTMLElement).dataset[key]).toBe(element?.getAttribute(name));
    }
  });

  it("is styled by the theme's stylesheets, but for the classes only the islands find", () => {
    const css = (function read(dir: string): string {
      return fs
        .readdirSync(dir, { withFileTypes: true })
        .map((entry) => (entry.isDirectory() ? read(path.join(dir, entry.name)) : entry.name.endsWith('.css') ? fs.readFileSync(path.join(dir, entry.name), 'utf8') : ''))
        .join('\n');
    })(path.join(ROOT, 'src/theme'));
    const styled = (name: string) => new RegExp(`\\.${name.replace(/[-_]/g, '\\$&')}(?![\\w-])`).test(css);
    const docImageClasses = Object.entries(docImages)
      .filter(([name, value]) => name.endsWith('_CLASS') && typeof value === 'string')
      .map(([, value]) => value as string);
    const unstyled = [...CLASSES, ...docImageClasses].filter((name) => !styled(name));
    expect(unstyled.sort()).toEqual(['copy-button__icon']);
  });
});
