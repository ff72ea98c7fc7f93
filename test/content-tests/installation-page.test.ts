// The installation page, in every docs version, shows the install and then a program that proves it works, before
// React, TypeScript and the notes for particular tools: a newcomer runs something first and tunes later.
import fs from 'fs';
import path from 'path';
import { codeSamples, docsDir, docsVersions } from '../support/samples';

const PAGE = 'getting-started/installation.mdx';

describe.each([undefined, ...docsVersions()])('the installation page of %s', (version) => {
  const file = path.join(docsDir(version), PAGE);
  const source = fs.readFileSync(file, 'utf8');
  const headings = [...source.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  const offsetOf = (text: string) => source.indexOf(text);

  it('has the check right after the install', () => {
    expect(headings.slice(0, 2)).toEqual(['Install the package', 'Check the installation']);
  });

  it('runs the check as its first TypeScript sample, with the command that runs it', () => {
    const [first] = codeSamples(source, file).filter((s) => s.lang === 'ts' || s.lang === 'tsx');
    expect(first?.title).toBe('check.ts');
    const check = offsetOf('## Check the installation');
    expect(offsetOf('```ts title="check.ts"')).toBeGreaterThan(check);
    expect(offsetOf('npx tsx check.ts')).toBeGreaterThan(check);
  });

  it('keeps React, TypeScript and the notes for bundlers and test runners after the check', () => {
    const check = offsetOf('## Check the installation');
    for (const heading of ['## React', '## TypeScript setup', '## Bundlers and test runners']) {
      expect(offsetOf(heading)).toBeGreaterThan(check);
    }
    for (const tool of ['- **Jest**', '- **Babel**']) expect(offsetOf(tool)).toBeGreaterThan(offsetOf('## Bundlers and test runners'));
  });
});
