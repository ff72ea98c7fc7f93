/** @jest-environment node */
// Type safety guide: the error messages it quotes are what TypeScript prints for the broken forms.
import fs from 'fs';
import path from 'path';
import { CONTENT_DIR, type CodeSample } from '../samples';
import { typeCheckSamples } from '../typecheck';

const page = fs.readFileSync(path.join(CONTENT_DIR, 'guides/type-safety.mdx'), 'utf8');
const section = /## Common type errors and how to fix them\n([\s\S]*?)\n## /.exec(page)?.[1] ?? '';
const quoted = [...section.matchAll(/^- \*\*`([^`]+)`\*\*/gm)].map((m) => m[1] ?? '');

const broken = `
import { atom, atomFamily, makeStore, selector, selectorFamily } from '@rkrupinski/stan';
const store = makeStore();
atom([])(store).set(['a']);
atom(null)(store).set('ada');
interface Filter { owner: string }
selectorFamily((f: Filter) => () => f.owner);
type Point = { x: number; y: number };
const cursor = atom<Point>({ x: 0, y: 0 });
selector(({ get }) => get(cursor).x, { areValuesEqual: (a: Point, b: Point) => a.x === b.x });
atomFamily((day: Date) => day.getDay());
`;

it('type safety: every quoted error message is printed for the broken forms', () => {
  expect(quoted).toHaveLength(5);
  const sample: CodeSample = { file: 'broken.mdx', line: 1, lang: 'ts', meta: '', code: broken, partial: false, title: undefined };
  const messages = (typeCheckSamples([sample]).get('broken.mdx:1') ?? []).map((d) => d.message).join('\n');
  quoted.forEach((message) => expect(messages).toContain(message));
}, 60_000);
