/** @jest-environment node */
// The introduction as a newcomer reads it: the release is named once in its prose (the version badge and the
// announcement name it too), and its picture of a live example says it is a picture, not the example itself.
import fs from 'fs';
import path from 'path';
import { CONTENT_DIR } from '../support/samples';

const source = fs.readFileSync(path.join(CONTENT_DIR, 'intro.mdx'), 'utf8');
const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');

describe('the introduction', () => {
  it('names the documented release once in its prose (link targets aside)', () => {
    const prose = body.replace(/\]\([^)]*\)/g, ']');
    expect(prose.match(/1\.2\.0-rc4/g)).toHaveLength(1);
  });

  it('labels its screenshot of the todo list example as a screenshot, in the text and the caption', () => {
    const figures = [...body.matchAll(/<Figure\s([\s\S]*?)\/>/g)].map((m) => m[1] ?? '');
    expect(figures).toHaveLength(1);
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(figures[0] ?? '')?.[1] ?? '';
    expect(attribute('alt')).toMatch(/^Screenshot of the todo list example/);
    expect(attribute('caption')).toMatch(/^Screenshot of the todo list example \(the live one is on the examples page\)/);
  });
});
