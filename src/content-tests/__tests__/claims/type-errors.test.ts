/** @jest-environment node */
// Type safety guide: each error it quotes in bold is the first line TypeScript prints for the broken form, and
// the detail it quotes after it is part of that same message.
import fs from 'fs';
import path from 'path';
import { claimsOf } from '../../claims';
import { CONTENT_DIR } from '../../samples';
import { loadTypeHints, sampleDiagnostics } from '../../../node/type-hints';

const page = fs.readFileSync(path.join(CONTENT_DIR, 'guides/type-safety.mdx'), 'utf8');
const section = /## Common type errors and how to fix them\n([\s\S]*?)\n## /.exec(page)?.[1] ?? '';
const bullets = [...section.matchAll(/^- \*\*`([^`]+)`\*\*(.*)$/gm)].map((m) => ({
  headline: m[1] ?? '',
  details: [...(m[2] ?? '').matchAll(/`(Type '[^`]+)`/g)].map((d) => d[1] ?? ''),
}));

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

// Five broken forms, in the order of the page's bullets.
claimsOf('guides/type-safety')('each with the first line of the message TypeScript 5.9 prints', async () => {
  expect(bullets).toHaveLength(5);
  const diagnostics = sampleDiagnostics(await loadTypeHints(), broken, 'ts', { file: 'broken.ts', line: 0 });
  expect(diagnostics.map((d) => d.message.split('\n')[0]?.replace(/\.$/, ''))).toEqual(bullets.map((b) => b.headline));
  bullets.forEach(({ details }, index) => details.forEach((detail) => expect(diagnostics[index]?.message).toContain(detail)));
  expect(bullets.flatMap((b) => b.details)).toHaveLength(2);
}, 60_000);
