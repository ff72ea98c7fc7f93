/** @jest-environment node */
// Claims about types, checked with the compiler and options the build uses for samples.
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { claimsOf, type ClaimPage } from '../../support/claims';
import { compileErrors, hoverTypes } from '../../support/compile';
import { CONTENT_DIR, codeSamples } from '../../support/samples';

jest.setTimeout(60_000);

/** The one sample on `page` whose code contains `marker`. */
function sampleWith(page: ClaimPage, marker: string): string {
  const found = codeSamples(fs.readFileSync(path.join(CONTENT_DIR, `${page}.mdx`), 'utf8'), page).filter((s) =>
    s.code.includes(marker),
  );
  if (found.length !== 1) throw new Error(`${page}: expected one sample containing ${marker}, found ${found.length}`);
  return found[0]?.code ?? '';
}

const IMPORTS = "import { atom, atomFamily, makeStore, refresh, reset, selector, selectorFamily } from '@rkrupinski/stan';\n";

describe('guides/type-safety', () => {
  const claim = claimsOf('guides/type-safety');

  claim(
    [
      "An atom's type is inferred from its initial value, and a selector's type from its return value. `get` returns the type of the state you pass",
      '// Scoped<ReadonlyState<{ label: string; adult: boolean }>>',
    ],
    async (clause) => {
      const code = sampleWith('guides/type-safety', "const firstName = atom('Ada');");
      const types = await hoverTypes(code);
      // Each commented line states the type TypeScript infers for the name it declares.
      const commented = [...code.matchAll(/^(?:export )?const (\w+) = [\s\S]*?; \/\/ (Scoped<.*>)$/gm)];
      expect(commented.map((m) => m[1])).toEqual(['firstName', 'age', 'summary']);
      const shown = (name: string) => (types.get(name)?.[0] ?? '').replace(/\s+/g, ' ').replace(/;? \}/g, ' }');
      const commentedType = (name: string) => commented.find((m) => m[1] === name)?.[2];
      clause("An atom's type is inferred from its initial value", () => {
        expect(shown('firstName')).toBe(`const firstName: ${commentedType('firstName')}`);
        expect(shown('firstName')).toBe('const firstName: Scoped<WritableState<string>>');
      });
      clause("a selector's type from its return value", () => {
        expect(shown('summary')).toBe(`const summary: ${commentedType('summary')}`);
      });
      await clause('`get` returns the type of the state you pass', async () => {
        const hovers = await hoverTypes(`${IMPORTS}const n = atom(1);\nconst t = atom('x');\nexport const s = selector(({ get }) => {\n  const fromN = get(n);\n  const fromT = get(t);\n  return [fromN, fromT] as const;\n});`);
        expect(hovers.get('fromN')?.[0]).toBe('const fromN: number');
        expect(hovers.get('fromT')?.[0]).toBe('const fromT: string');
      });
      clause('// Scoped<ReadonlyState<{ label: string; adult: boolean }>>', () => {
        expect(types.get('summary')?.[0]).toMatch(/Scoped<ReadonlyState<\{\s*label: string;\s*adult: boolean;\s*\}>>/);
        expect(shown('age')).toBe(`const age: ${commentedType('age')}`);
      });
    },
  );

  claim(['an atom that starts as `null` or as an empty array needs a type argument', '// without it, the type would be string'], async (clause) => {
    // The page's sample as printed, then the same sample with its type arguments taken out.
    const code = sampleWith('guides/type-safety', 'export const status = atom<Status>');
    const typed = await hoverTypes(code);
    const untyped = await hoverTypes(code.replace(/atom<[^>]+>\(/g, 'atom('));
    clause('an atom that starts as `null`', () => {
      expect(untyped.get('currentUser')?.[0]).toBe('const currentUser: Scoped<WritableState<null>>');
      expect(typed.get('currentUser')?.[0]).toBe('const currentUser: Scoped<WritableState<User | null>>');
    });
    clause('or as an empty array', () => {
      expect(untyped.get('selectedIds')?.[0]).toBe('const selectedIds: Scoped<WritableState<never[]>>');
    });
    clause('needs a type argument', () => {
      expect(typed.get('selectedIds')?.[0]).toBe('const selectedIds: Scoped<WritableState<string[]>>');
    });
    clause('// without it, the type would be string', () => {
      expect(untyped.get('status')?.[0]).toBe('const status: Scoped<WritableState<string>>');
      expect(typed.get('status')?.[0]).toBe('const status: Scoped<WritableState<Status>>');
    });
  });

  claim(['// P = number', '// P = string', '// page is typed'], async (clause) => {
    const code = sampleWith('guides/type-safety', 'export const draft = atomFamily');
    const types = await hoverTypes(code);
    expect(await compileErrors(code)).toEqual([]);
    clause('// P = number', () => {
      expect(types.get('draft')?.[0]).toBe('const draft: (arg: number) => Scoped<WritableState<string>>');
    });
    clause('// P = string', () => {
      expect(types.get('expanded')?.[0]).toBe('const expanded: (arg: string) => Scoped<WritableState<boolean>>');
    });
    clause('// page is typed', () => {
      expect(types.get('page')?.some((t) => t.includes('page: {'))).toBe(true);
    });
  });

  claim(
    [
      '`P` is constrained to `SerializableParam`, so non-JSON parameters such as `Date` or `undefined` are rejected at compile time',
      'Families infer the parameter type `P` from the annotation on the parameter of the factory or the selector family function',
    ],
    async (clause) => {
      await clause('`P` is constrained to `SerializableParam`', async () => {
        const hovers = await hoverTypes(`${IMPORTS}export const a = atomFamily;\nexport const s = selectorFamily;`);
        expect(hovers.get('atomFamily')?.[0]).toContain('P extends SerializableParam');
        expect(hovers.get('selectorFamily')?.[0]).toContain('P extends SerializableParam');
      });
      await clause('so non-JSON parameters such as `Date` or `undefined` are rejected at compile time', async () => {
        const errors = await compileErrors(
          `${IMPORTS}atomFamily((d: Date) => 1);\natomFamily((u: undefined) => 1);\nselectorFamily((d: Date) => () => 1);\natomFamily((n: number) => n);`,
        );
        expect(errors.map((e) => e.line)).toEqual([2, 3, 4]);
      });
      await clause('Families infer the parameter type `P` from the annotation on the parameter of the factory or the selector family function', async () => {
        const hovers = await hoverTypes(`${IMPORTS}export const byId = atomFamily((id: number) => \`todo \${id}\`);
export const byName = selectorFamily((name: string) => () => name.length);
export const byFilter = selectorFamily((filter: { done: boolean }) => () => filter.done);`);
        expect(hovers.get('byId')?.[0]).toBe('const byId: (arg: number) => Scoped<WritableState<string>>');
        expect(hovers.get('byName')?.[0]).toBe('const byName: (arg: string) => Scoped<ReadonlyState<number>>');
        expect(hovers.get('byFilter')?.[0]).toMatch(/^const byFilter: \(arg: \{\s*done: boolean;\s*\}\) => Scoped<ReadonlyState<boolean>>$/);
      });
    },
  );

  claim('Every line marked with `@ts-expect-error` fails to compile without that comment', async () => {
    const page = fs.readFileSync(path.join(CONTENT_DIR, 'guides/type-safety.mdx'), 'utf8');
    const samples = codeSamples(page, 'type-safety').filter((s) => s.code.includes('@ts-expect-error'));
    expect(samples.length).toBeGreaterThanOrEqual(3);
    for (const sample of samples) {
      const lines = sample.code.split('\n');
      const marked = lines.flatMap((line, index) => (line.includes('@ts-expect-error') ? [index + 2] : []));
      const withoutComments = lines.map((line) => (line.includes('@ts-expect-error') ? '' : line)).join('\n');
      const errorLines = new Set((await compileErrors(withoutComments, sample.lang === 'tsx' ? 'tsx' : 'ts')).map((e) => e.line));
      expect(marked.filter((line) => !errorLines.has(line))).toEqual([]);
    }
  });

  claim(
    'Checking `type` narrows it, so `value` is only available in the ready state and `reason` only in the error state',
    async (clause) => {
      await clause('Checking `type` narrows it', async () => {
        const hovers = await hoverTypes(`import type { AsyncValue } from '@rkrupinski/stan/react';
export const f = (r: AsyncValue<number>) => {
  if (r.type === 'ready') { const ready = r; return ready; }
  return null;
};`);
        expect(hovers.get('ready')?.[0]).toMatch(/type: "ready"/);
        expect(hovers.get('ready')?.[0]).not.toMatch(/"error"|"loading"/);
      });
      await clause('so `value` is only available in the ready state', async () => {
        const ok = `import type { AsyncValue } from '@rkrupinski/stan/react';
export const f = (r: AsyncValue<number>) => (r.type === 'ready' ? r.value : 0);`;
        expect(await compileErrors(ok)).toEqual([]);
        const bad = `import type { AsyncValue } from '@rkrupinski/stan/react';
export const g = (r: AsyncValue<number>) => r.value;
export const g2 = (r: AsyncValue<number>) => (r.type === 'error' ? r.value : 0);`;
        expect((await compileErrors(bad)).map((e) => e.code)).toEqual([2339, 2339]);
      });
      await clause('`reason` only in the error state', async () => {
        const ok = `import type { AsyncValue } from '@rkrupinski/stan/react';
export const f = (r: AsyncValue<number>) => (r.type === 'error' ? r.reason : null);`;
        expect(await compileErrors(ok)).toEqual([]);
        const bad = `import type { AsyncValue } from '@rkrupinski/stan/react';
export const h = (r: AsyncValue<number>) => r.reason;
export const h2 = (r: AsyncValue<number>) => (r.type === 'ready' ? r.reason : null);`;
        expect((await compileErrors(bad)).map((e) => e.code)).toEqual([2339, 2339]);
      });
    },
  );

  claim(
    [
      'From `@rkrupinski/stan`: `Scoped`, `State`, `ReadonlyState`, `WritableState`, `Store`, `SetterOrUpdater`, `SerializableParam`, `TagFromParam`, `AtomEffect`, `AtomOptions`, `AtomFamilyOptions`, `ValueFromParam`, `SelectorFn`, `SelectorFamilyFn`, `SelectorOptions`, `SelectorFamilyOptions` and `GetFn`',
      'From `@rkrupinski/stan/react`: `AsyncValue`, `StanProviderProps` and `StanCtxType`',
    ],
    async (clause) => {
      const text = fs.readFileSync(path.join(CONTENT_DIR, 'guides/type-safety.mdx'), 'utf8');
      const list = /From `@rkrupinski\/stan`: (.*?)\. From `@rkrupinski\/stan\/react`: (.*?)\./.exec(text);
      const names = (part: string | undefined) => [...(part ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]);
      await clause(
        'From `@rkrupinski/stan`: `Scoped`, `State`, `ReadonlyState`, `WritableState`, `Store`, `SetterOrUpdater`, `SerializableParam`, `TagFromParam`, `AtomEffect`, `AtomOptions`, `AtomFamilyOptions`, `ValueFromParam`, `SelectorFn`, `SelectorFamilyFn`, `SelectorOptions`, `SelectorFamilyOptions` and `GetFn`',
        async () => {
          expect(names(list?.[1])).toHaveLength(17);
          expect(await compileErrors(`import type { ${names(list?.[1]).join(', ')} } from '@rkrupinski/stan';`)).toEqual([]);
        },
      );
      await clause('From `@rkrupinski/stan/react`: `AsyncValue`, `StanProviderProps` and `StanCtxType`', async () => {
        expect(names(list?.[2])).toEqual(['AsyncValue', 'StanProviderProps', 'StanCtxType']);
        expect(await compileErrors(`import type { ${names(list?.[2]).join(', ')} } from '@rkrupinski/stan/react';`)).toEqual([]);
      });
    },
  );

  claim(
    [
      '`areValuesEqual` must be a generic function (`<T>(a: T, b: T) => boolean`), because one comparator is used for every dependency, so a comparator with concrete parameter types does not compile',
      'And `CachePolicy` is not exported; derive it with `NonNullable<SelectorFamilyOptions<P>[\'cachePolicy\']>`',
    ],
    async (clause) => {
      const errors = await compileErrors(`${IMPORTS}selector(() => 1, { areValuesEqual: (a: number, b: number) => a === b });
import type { CachePolicy } from '@rkrupinski/stan';
import type { SelectorFamilyOptions } from '@rkrupinski/stan';
export const policy: NonNullable<SelectorFamilyOptions<string>['cachePolicy']> = { type: 'lru', maxSize: 1 };
export type Unused = CachePolicy;`);
      await clause('`areValuesEqual` must be a generic function (`<T>(a: T, b: T) => boolean`)', async () => {
        expect(await compileErrors(`${IMPORTS}selector(() => 1, { areValuesEqual: <T,>(a: T, b: T) => a === b });`)).toEqual([]);
        const hovers = await hoverTypes(`import type { SelectorOptions } from '@rkrupinski/stan';\nexport type Eq = NonNullable<SelectorOptions['areValuesEqual']>;\nexport declare const eq: Eq;`);
        expect(hovers.get('eq')?.[0]).toMatch(/<T>\(a: T, b: T\) => boolean/);
      });
      await clause('because one comparator is used for every dependency', async () => {
        // One selector, dependencies of two types: the one comparator sees both.
        const seen: string[] = [];
        const { atom: a, makeStore: m, selector: sel } = await import('@rkrupinski/stan');
        const n = a(1);
        const t = a('x');
        const both = sel(({ get }) => `${get(n)}${get(t)}`, { areValuesEqual: (x, y) => (seen.push(typeof x), x === y) });
        const store = m();
        both(store).get();
        n(store).set(2);
        t(store).set('y');
        expect(new Set(seen)).toEqual(new Set(['number', 'string']));
      });
      clause('so a comparator with concrete parameter types does not compile', () => {
        expect(errors.map((e) => e.line)).toContain(2);
      });
      clause("And `CachePolicy` is not exported; derive it with `NonNullable<SelectorFamilyOptions<P>['cachePolicy']>`", () => {
        expect(errors.map((e) => e.line)).toEqual([2, 3]);
      });
    },
  );

  claim('the first line of the message TypeScript 5.9 prints', () => {
    expect(ts.version).toMatch(/^5\.9\./);
  });
});

describe('api pages', () => {
  claimsOf('api/atomFamily')(
    'When the initial value is not a function, TypeScript cannot infer `P`; it falls back to any JSON value unless you pass the type arguments',
    async (clause) => {
      const types = await hoverTypes(`${IMPORTS}const flags = atomFamily(false);\nconst typed = atomFamily<boolean, number>(false);\nconst fromFn = atomFamily((id: number) => id > 0);`);
      clause('When the initial value is not a function, TypeScript cannot infer `P`', () => {
        expect(types.get('fromFn')?.[0]).toBe('const fromFn: (arg: number) => Scoped<WritableState<boolean>>');
        expect(types.get('flags')?.[0]).not.toContain('number');
      });
      clause('it falls back to any JSON value', () => {
        expect(types.get('flags')?.[0]).toBe('const flags: (arg: Json) => Scoped<WritableState<boolean>>');
      });
      clause('unless you pass the type arguments', () => {
        expect(types.get('typed')?.[0]).toBe('const typed: (arg: number) => Scoped<WritableState<boolean>>');
      });
    },
  );

  claimsOf('api/atomFamily')('Parameters that are not JSON are rejected by the compiler', async () => {
    expect(await compileErrors(`${IMPORTS}atomFamily<number, Map<string, number>>(0);`)).toHaveLength(1);
  });

  claimsOf('api/selector')('The function must be generic, since it is used for every dependency', async () => {
    expect(await compileErrors(`${IMPORTS}selector(() => 1, { areValuesEqual: (a: string, b: string) => a === b });`)).toHaveLength(1);
    expect(await compileErrors(`${IMPORTS}selector(() => 1, { areValuesEqual: <T,>(a: T, b: T) => a === b });`)).toEqual([]);
  });

  claimsOf('api/selectorFamily')('Annotate the parameter of `selectorFamilyFn` (or pass both type arguments) so TypeScript knows it', async () => {
    const types = await hoverTypes(`${IMPORTS}const byId = selectorFamily((id: number) => () => id);\nconst byName = selectorFamily<string, string>((name) => () => name);`);
    expect(types.get('byId')?.[0]).toBe('const byId: (arg: number) => Scoped<ReadonlyState<number>>');
    expect(types.get('byName')?.[0]).toBe('const byName: (arg: string) => Scoped<ReadonlyState<string>>');
  });

  claimsOf('api/utils')(
    [
      'a `ReadonlyState` (a selector instance). Passing an atom is a type error',
      'a `WritableState` (an atom instance). Passing a selector is a type error',
      'Passing the scoped function itself (`refresh(mySelector)`) is a type error; call it with a store first',
    ],
    async (clause) => {
      const errors = await compileErrors(`${IMPORTS}const a = atom(1);
const s = selector(() => 1);
const store = makeStore();
refresh(a(store));
reset(s(store));
refresh(s);
reset(a);
refresh(s(store));
reset(a(store));`);
      const lines = errors.map((e) => e.line);
      clause('a `ReadonlyState` (a selector instance)', () => {
        expect(lines).not.toContain(9);
      });
      clause('Passing an atom is a type error', () => {
        expect(lines).toContain(5);
      });
      clause('a `WritableState` (an atom instance)', () => {
        expect(lines).not.toContain(10);
      });
      clause('Passing a selector is a type error', () => {
        expect(lines).toContain(6);
      });
      clause('Passing the scoped function itself (`refresh(mySelector)`) is a type error', () => {
        expect(lines).toContain(7);
        expect(lines).toContain(8);
      });
      clause('call it with a store first', () => {
        expect(lines).toEqual([5, 6, 7, 8]);
      });
    },
  );

  claimsOf('api/state')('their parameter types make sure you can only refresh selectors and only reset atoms', async () => {
    const errors = await compileErrors(`${IMPORTS}refresh(atom(1)(makeStore()));\nreset(selector(() => 1)(makeStore()));`);
    expect(errors).toHaveLength(2);
  });

  claimsOf('api/state')(
    ['`ReadonlyState<T>` is what a selector produces', '`WritableState<T>` is what an atom produces'],
    async (clause) => {
      const types = await hoverTypes(`${IMPORTS}const s = selector(() => 1);\nconst a = atom(1);`);
      clause('`ReadonlyState<T>` is what a selector produces', () => {
        expect(types.get('s')?.[0]).toBe('const s: Scoped<ReadonlyState<number>>');
      });
      clause('`WritableState<T>` is what an atom produces', () => {
        expect(types.get('a')?.[0]).toBe('const a: Scoped<WritableState<number>>');
      });
    },
  );

  claimsOf('api/react')('The types `StanProviderProps`, `StanCtxType` and `AsyncValue` are exported too', async () => {
    expect(await compileErrors("import type { StanProviderProps, StanCtxType, AsyncValue } from '@rkrupinski/stan/react';")).toEqual([]);
  });

  claimsOf('api/utils')(
    [
      '`SerializableParam` is the constraint for family parameters: any JSON value',
      "`TagFromParam<P>` is the type of a family's `tag` function",
    ],
    async (clause) => {
      await clause('`SerializableParam` is the constraint for family parameters', async () => {
        const hovers = await hoverTypes(`${IMPORTS}export const a = atomFamily;`);
        expect(hovers.get('atomFamily')?.[0]).toContain('P extends SerializableParam');
      });
      await clause('any JSON value', async () => {
        const ok = `import type { SerializableParam } from '@rkrupinski/stan';
export const json: SerializableParam[] = ['a', 1, true, null, [1, 'b'], { nested: { list: [null] } }];`;
        expect(await compileErrors(ok)).toEqual([]);
        const bad = `import type { SerializableParam } from '@rkrupinski/stan';
export const d: SerializableParam = new Date();
export const u: SerializableParam = undefined;`;
        expect(await compileErrors(bad)).toHaveLength(2);
      });
      await clause("`TagFromParam<P>` is the type of a family's `tag` function", async () => {
        const ok = `import { atomFamily, type TagFromParam } from '@rkrupinski/stan';
export const tag: TagFromParam<{ id: number }> = ({ id }) => \`item-\${id}\`;
export const items = atomFamily((p: { id: number }) => p.id, { tag });`;
        expect(await compileErrors(ok)).toEqual([]);
      });
    },
  );

  claimsOf('guides/param-serialization')(
    'TypeScript rejects anything else, such as `Date`, `Map`, class instances, functions or `undefined`',
    async () => {
      const errors = await compileErrors(`${IMPORTS}class Point { constructor(public x: number) {} }
atomFamily((p: Date) => 0);
atomFamily((p: Map<string, number>) => 0);
atomFamily((p: Point) => 0);
atomFamily((p: () => void) => 0);
atomFamily((p: undefined) => 0);
atomFamily((p: { ok: string[] }) => 0);`);
      expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    },
  );

  claimsOf('api/state')('All of these types are exported from `@rkrupinski/stan`', async () => {
    expect(await compileErrors("import type { Scoped, State, ReadonlyState, WritableState, SetterOrUpdater, Store } from '@rkrupinski/stan';")).toEqual([]);
  });
});
