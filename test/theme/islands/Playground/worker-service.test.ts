/** @jest-environment node */
import ts from 'typescript';
import { playgroundTypes } from '@src/node/playground-assets';
import { createPlaygroundService } from '@src/theme/islands/Playground/worker/service';
import type { WorkerResponse } from '@src/contract/playground';
import { STARTER_LANGUAGE, STARTER_PROGRAM, STARTER_PROGRAM_1_0 } from '@src/theme/PlaygroundPage/starter';

// The types the build bundles for the worker, from this repository's node_modules: what a reader's code meets.
const service = createPlaygroundService(ts, playgroundTypes(process.cwd()));
const expectType = <T extends WorkerResponse['type']>(answer: WorkerResponse, type: T) => {
  expect(answer.type).toBe(type);
  return answer as Extract<WorkerResponse, { type: T }>;
};

describe('the playground worker protocol', () => {
  it('answers a first request with empty code (what the page sends to see the worker ready)', () => {
    const fresh = createPlaygroundService(ts, playgroundTypes(process.cwd()));
    expect(fresh.handle({ id: 1, type: 'check', code: '', lang: 'ts' })).toEqual({ id: 1, type: 'check', diagnostics: [] });
  });

  it('finds no errors in a correct sample that uses the package', () => {
    const code = "import { atom } from '@rkrupinski/stan';\nconst count = atom(0);\nconsole.log(typeof count);\n";
    const answer = expectType(service.handle({ id: 1, type: 'check', code, lang: 'ts' }), 'check');
    expect(answer).toEqual({ id: 1, type: 'check', diagnostics: [] });
  });

  it("reports a type error with TypeScript's message at the offending code", () => {
    const code = "import { atom } from '@rkrupinski/stan';\nconst count: string = atom(0);\n";
    const { diagnostics } = expectType(service.handle({ id: 2, type: 'check', code, lang: 'ts' }), 'check');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', code: 2322 });
    expect(diagnostics[0]!.message).toMatch(/is not assignable to type 'string'/);
    expect(code.slice(diagnostics[0]!.from, diagnostics[0]!.to)).toBe('count');
  });

  it('checks with the strict sample options (an implicit any is an error)', () => {
    const { diagnostics } = expectType(service.handle({ id: 3, type: 'check', code: 'function f(x) { return x; }\n', lang: 'ts' }), 'check');
    expect(diagnostics.map((d) => d.code)).toEqual([7006]);
  });

  it('type-checks tsx against React 19 and the package\'s React bindings', () => {
    const code = [
      "import { atom } from '@rkrupinski/stan';",
      "import { useStanValue } from '@rkrupinski/stan/react';",
      'const count = atom(1);',
      'export default function Counter() {',
      '  const value = useStanValue(count);',
      '  return <p>{value.toFixed(1)}</p>;',
      '}',
    ].join('\n');
    const { diagnostics } = expectType(service.handle({ id: 4, type: 'check', code, lang: 'tsx' }), 'check');
    expect(diagnostics).toEqual([]);
  });

  it('gives the type of a name at a position', () => {
    const code = "import { atom } from '@rkrupinski/stan';\nconst count = atom(0);\n";
    const { info } = expectType(service.handle({ id: 5, type: 'hover', code, lang: 'ts', pos: code.indexOf('count') + 2 }), 'hover');
    expect(info?.text).toMatch(/^const count: /);
    expect(code.slice(info!.from, info!.to)).toBe('count');
    expect(expectType(service.handle({ id: 6, type: 'hover', code, lang: 'ts', pos: code.length }), 'hover').info).toBeNull();
  });

  it('compiles to CommonJS for the frame, JSX through react/jsx-runtime, top-level await kept', () => {
    const code = "import { atom } from '@rkrupinski/stan';\nawait Promise.resolve();\nexport default () => <b>{String(atom)}</b>;\n";
    const { js } = expectType(service.handle({ id: 7, type: 'compile', code, lang: 'tsx' }), 'compile');
    expect(js).toContain('require("@rkrupinski/stan")');
    expect(js).toContain('require("react/jsx-runtime")');
    expect(js).toContain('await Promise.resolve()');
    expect(js).toMatch(/exports\.default = /);
  });

  it('answers each request with its own id, after edits to the same file', () => {
    const first = expectType(service.handle({ id: 8, type: 'check', code: 'const a: number = "x";', lang: 'ts' }), 'check');
    const second = expectType(service.handle({ id: 9, type: 'check', code: 'const a: number = 1;', lang: 'ts' }), 'check');
    expect([first.id, first.diagnostics.length, second.id, second.diagnostics.length]).toEqual([8, 1, 9, 0]);
    expect(expectType(service.handle({ id: 10, type: 'check', code: '', lang: 'ts' }), 'check').diagnostics).toEqual([]);
  });
});

describe('completions', () => {
  const at = (code: string, marker = '|') => ({ code: code.replace(marker, ''), pos: code.indexOf(marker) });
  const names = (code: string, lang: 'ts' | 'tsx' = 'ts') => {
    const { code: text, pos } = at(code);
    return expectType(service.handle({ id: 20, type: 'completions', code: text, lang, pos }), 'completions').entries.map((e) => e.name);
  };

  it("offers a state's methods after a dot, from the package's declarations", () => {
    const offered = names("import { atom, DEFAULT_STORE } from '@rkrupinski/stan';\nconst state = atom(0)(DEFAULT_STORE);\nstate.|");
    expect(offered).toEqual(expect.arrayContaining(['get', 'set', 'subscribe']));
    expect(offered).not.toContain('window');
  });

  it('offers what the package exports inside an import', () => {
    expect(names("import { sel| } from '@rkrupinski/stan';")).toEqual(expect.arrayContaining(['selector', 'selectorFamily']));
  });

  it('offers locals before globals, each with its kind', () => {
    const { code, pos } = at('const total = 1;\nt|');
    const { entries } = expectType(service.handle({ id: 21, type: 'completions', code, lang: 'ts', pos }), 'completions');
    expect(entries.find((e) => e.name === 'total')).toEqual({ name: 'total', kind: 'const' });
    expect(entries.findIndex((e) => e.name === 'total')).toBeLessThan(entries.findIndex((e) => e.name === 'Array'));
    expect(entries.find((e) => e.name === 'Array')).toEqual({ name: 'Array', kind: 'var' });
  });
});

describe('the starter program of /playground', () => {
  it('type-checks as it is, without an error', () => {
    const { diagnostics } = expectType(service.handle({ id: 30, type: 'check', code: STARTER_PROGRAM, lang: STARTER_LANGUAGE }), 'check');
    expect(diagnostics).toEqual([]);
  });
});

describe("a docs version's types (1.0.0-rc14's package, imported as @rkrupinski/stan)", () => {
  const v10 = createPlaygroundService(ts, playgroundTypes(process.cwd(), 'stan-1.0.0-rc14'));

  it('shows that atom() returns the state itself, where the last version gives a scoped state', () => {
    const code = "import { atom } from '@rkrupinski/stan';\nconst count = atom(0);\n";
    const hover = (on: typeof service) => expectType(on.handle({ id: 40, type: 'hover', code, lang: 'ts', pos: code.indexOf('count') + 2 }), 'hover').info?.text;
    expect(hover(v10)).toBe('const count: WritableState<number>');
    expect(hover(service)).toMatch(/^const count: Scoped<WritableState<number>>/);
  });

  it('reports makeStore as an error: the release has no stores', () => {
    const code = "import { makeStore } from '@rkrupinski/stan';\nconsole.log(makeStore);\n";
    const { diagnostics } = expectType(v10.handle({ id: 41, type: 'check', code, lang: 'ts' }), 'check');
    expect(diagnostics.map((d) => d.code)).toEqual([2305]);
    expect(diagnostics[0]!.message).toMatch(/has no exported member 'makeStore'/);
    expect(expectType(service.handle({ id: 42, type: 'check', code, lang: 'ts' }), 'check').diagnostics).toEqual([]);
  });

  it("type-checks its own starter program, and not the last version's", () => {
    expect(expectType(v10.handle({ id: 43, type: 'check', code: STARTER_PROGRAM_1_0, lang: STARTER_LANGUAGE }), 'check').diagnostics).toEqual([]);
    expect(expectType(v10.handle({ id: 44, type: 'check', code: STARTER_PROGRAM, lang: STARTER_LANGUAGE }), 'check').diagnostics.length).toBeGreaterThan(0);
  });
});
