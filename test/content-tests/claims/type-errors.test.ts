/** @jest-environment node */
// Type safety guide: each error it quotes in bold is the first line TypeScript prints for the broken form, and
// the details it quotes after it are lines of that same message, where the page says they are.
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { claimsOf } from '../../support/claims';
import { CONTENT_DIR } from '../../support/samples';
import { compileErrors, hoverTypes } from '../../support/compile';
import { loadTypeHints, sampleDiagnostics } from '@src/node/type-hints';

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
claimsOf('guides/type-safety')(
  [
    'each with the first line of the message TypeScript 5.9 prints',
    "The indented lines under the message give the reason, `Type 'Json' is not assignable to type 'Filter'`",
    "the indented lines narrow it down to `Type 'Json' is not assignable to type 'Date'` and, last, to the first kind of JSON value that is not a date, `Type 'null' is not assignable to type 'Date'`",
  ],
  async (clause) => {
    expect(bullets).toHaveLength(5);
    const diagnostics = sampleDiagnostics(await loadTypeHints(), broken, 'ts', { file: 'broken.ts', line: 0 });
    const indented = (index: number) => (diagnostics[index]?.message.split('\n').slice(1) ?? []).map((line) => line.trim().replace(/\.$/, ''));
    clause('each with the first line of the message TypeScript 5.9 prints', () => {
      expect(ts.version).toMatch(/^5\.9\./);
      expect(diagnostics.map((d) => d.message.split('\n')[0]?.replace(/\.$/, ''))).toEqual(bullets.map((b) => b.headline));
    });
    clause("The indented lines under the message give the reason, `Type 'Json' is not assignable to type 'Filter'`", () => {
      // The interface: the reason is one of the indented lines.
      expect(bullets[2]?.details).toEqual(["Type 'Json' is not assignable to type 'Filter'"]);
      expect(indented(2)).toContain(bullets[2]?.details[0]);
    });
    clause(
      "the indented lines narrow it down to `Type 'Json' is not assignable to type 'Date'` and, last, to the first kind of JSON value that is not a date, `Type 'null' is not assignable to type 'Date'`",
      () => {
        // The Date: the two details are the last two indented lines, in that order.
        expect(bullets[4]?.details).toEqual(["Type 'Json' is not assignable to type 'Date'", "Type 'null' is not assignable to type 'Date'"]);
        expect(indented(4).slice(-2)).toEqual(bullets[4]?.details);
        expect(bullets.flatMap((b) => b.details)).toHaveLength(3);
      },
    );
  },
  60_000,
);

claimsOf('guides/type-safety')(
  [
    "`Json` in these messages, and in the type popups of family parameters, is the package's own name for the type behind `SerializableParam`: any JSON value",
    'The package does not export it under that name, so write `SerializableParam` in your code',
  ],
  async (clause) => {
    await clause(
      "`Json` in these messages, and in the type popups of family parameters, is the package's own name for the type behind `SerializableParam`",
      async () => {
        const diagnostics = sampleDiagnostics(await loadTypeHints(), broken, 'ts', { file: 'broken.ts', line: 0 });
        expect(diagnostics.filter((d) => d.message.includes("'Json'"))).toHaveLength(2);
        const hovers = await hoverTypes(
          "import { atomFamily, type SerializableParam } from '@rkrupinski/stan';\nexport const flags = atomFamily<boolean, SerializableParam>(false);\n",
        );
        expect(hovers.get('flags')?.[0]).toBe('const flags: (arg: Json) => Scoped<WritableState<boolean>>');
        const declarations = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/@rkrupinski/stan/dist/types.d.ts'), 'utf8');
        expect(declarations).toMatch(/^type Json = /m);
        expect(declarations).toContain('export type SerializableParam = Json;');
      },
    );
    await clause('any JSON value', async () => {
      expect(
        await compileErrors(
          "import type { SerializableParam } from '@rkrupinski/stan';\nexport const values: SerializableParam[] = ['a', 1, true, null, [1], { nested: { ok: [null] } }];\n// @ts-expect-error not JSON\nexport const notJson: SerializableParam = new Date();",
        ),
      ).toEqual([]);
    });
    await clause('The package does not export it under that name', async () => {
      expect(await compileErrors("import type { Json } from '@rkrupinski/stan';\nexport type P = Json;")).toHaveLength(1);
    });
    await clause('so write `SerializableParam` in your code', async () => {
      expect(await compileErrors("import type { SerializableParam } from '@rkrupinski/stan';\nexport type P = SerializableParam;")).toEqual([]);
    });
  },
  60_000,
);
