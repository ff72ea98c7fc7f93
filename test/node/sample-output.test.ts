// Whether Run shows anything, read from a sample's code: "Edit and run" is offered only where it does.
import { playgroundLanguage, runShowsOutput } from '@src/node/sample-output';

const code = (...lines: string[]) => lines.join('\n');

describe('runShowsOutput: what runs nothing', () => {
  it.each([
    ['types and interfaces', code("import type { Store } from '@rkrupinski/stan';", 'type Scoped<T> = (store: Store) => T;', 'interface State<T> { get(): T }')],
    ['a bare signature with declare', code("import type { WritableState } from '@rkrupinski/stan';", 'declare function atom<T>(initialValue: T): WritableState<T>;', 'declare const DEFAULT: number;', 'declare class Store { value: Map<string, unknown> }')],
    ['declarations that create state and log nowhere', code("import { atom, selector } from '@rkrupinski/stan';", "export const count = atom(0, { tag: 'count' });", 'export const doubled = selector(({ get }) => get(count) * 2);')],
    ['imports and exports alone', code("import { atom } from '@rkrupinski/stan';", 'export { atom };')],
    ['console inside a function nobody calls', code('export function log(value: number) {', '  console.log(value);', '}')],
    ['console inside an arrow bound to a name nobody uses', code('const report = () => console.info("never");', 'export { report };')],
    ['console in a method of a class nobody uses', code('class Logger {', '  write() { console.log("never"); }', '}', 'export { Logger };')],
    ['console methods the frame does not relay', code('console.table([1, 2]);', 'console.time("t");', 'console.timeEnd("t");')],
    ['a throw inside a function (it fires on a path the rule cannot see)', code('export function check(n: number) {', '  if (n < 0) throw new Error("negative");', '}')],
    ['a function whose name appears only in a type', code('function make() { console.log("never"); return 1; }', 'export type Made = ReturnType<typeof make>;')],
    // The utils page's report.ts: the selector's callback runs only when a state of it is read, and none is.
    [
      "console in a selector's callback when no state of it is read",
      code(
        "import { Aborted, selector } from '@rkrupinski/stan';",
        'export const report = selector(async ({ signal }) => {',
        '  try { return await (await fetch("/api/report", { signal })).text(); }',
        '  catch (error) { if (error instanceof Aborted) console.debug("superseded"); else console.error("failed", error); throw error; }',
        '});',
      ),
    ],
    ['console in an atom effect of an atom nobody reads', code("import { atom as define } from '@rkrupinski/stan';", 'const n = define(0, { effects: [() => console.log("init")] });', 'export { n };')],
    ['the package imported whole', code("import * as stan from '@rkrupinski/stan';", 'const s = stan.selectorFamily((id: number) => () => console.log(id));', 'export { s };')],
  ])('%s', (_name, sample) => {
    expect(runShowsOutput(sample, 'ts')).toBe(false);
  });

  it('a named-exported component in tsx: the frame renders only the default export', () => {
    expect(runShowsOutput(code('export function Greeting() {', '  return <p>Hello</p>;', '}'), 'tsx')).toBe(false);
  });

  it('a default-exported component in ts: only tsx renders', () => {
    expect(runShowsOutput(code('export default function App() {', '  return null;', '}'), 'ts')).toBe(false);
  });

  it.each([
    ['memo', "import { memo } from 'react';\nconst Inner = () => <p>hi</p>;\nexport default memo(Inner);"],
    ['a literal', 'export default 42;'],
    ['an object', "const config = { theme: 'dark' };\nexport default config;"],
    ['undefined', 'export default undefined;'],
  ])('tsx whose default export is not a function (%s)', (_name, sample) => {
    expect(runShowsOutput(sample, 'tsx')).toBe(false);
  });
});

describe('runShowsOutput: what prints or renders', () => {
  it.each([
    ['console.log at the top level', "import { atom, makeStore } from '@rkrupinski/stan';\nconst n = atom(1);\nconsole.log(n(makeStore()).get());"],
    ['console.warn and console.error', 'console.warn("careful");'],
    ['console through window', 'window.console.error("x");'],
    ['console indexed by a relayed level', "console['debug']('x');"],
    ['console passed on as a value', 'const print = console.log;\nprint(1);'],
    ['console inside a function that is called', 'function show(value: number) {\n  console.log(value);\n}\nshow(1);'],
    ['console inside an arrow that is called', 'const show = (value: number) => console.log(value);\n[1, 2].forEach(show);'],
    ['console reached through a chain of calls', 'function inner() { console.log("deep"); }\nfunction outer() { inner(); }\nouter();'],
    ['console in a callback passed to a call (the callee may call it)', "import { atom, makeStore } from '@rkrupinski/stan';\nconst n = atom(0);\nconst state = n(makeStore());\nstate.get();\nstate.subscribe((value) => console.log(value));\nstate.set(1);"],
    ['console after top-level await', 'await Promise.resolve();\nconsole.log("later");'],
    ['console in a static block, which runs when the class is defined', 'class Boot {\n  static { console.log("defined"); }\n}\nexport { Boot };'],
    ['console in a method of a class that is used', 'class Logger {\n  write() { console.log("used"); }\n}\nnew Logger().write();'],
    ['a throw at the top level', 'throw new Error("shown as an uncaught error");'],
    ['drawing into the frame with document', 'document.body.append("text");'],
    [
      "console in a selector's callback, read in a store",
      "import { makeStore, selector } from '@rkrupinski/stan';\nconst s = selector(() => { console.log('computed'); return 1; });\ns(makeStore()).get();",
    ],
    ['a definition of another package named selector', "import { selector } from './local';\nconst s = selector(() => console.log('runs now, perhaps'));"],
  ])('%s', (_name, sample) => {
    expect(runShowsOutput(sample, 'ts')).toBe(true);
  });

  it.each([
    ['export default function', 'export default function App() {\n  return <p>Hi</p>;\n}'],
    ['export default arrow', 'export default () => <p>Hi</p>;'],
    ['export default class', "import { Component } from 'react';\nexport default class App extends Component {\n  render() { return <p>Hi</p>; }\n}"],
    ['a name bound to a function', 'const App = () => <p>Hi</p>;\nexport default App;'],
    ['a name declared as a function', 'function App() { return <p>Hi</p>; }\nexport default App;'],
    ['export { App as default }', 'function App() { return <p>Hi</p>; }\nexport { App as default };'],
    ['an imported component (unknown: may be a function)', "import { StanProvider } from '@rkrupinski/stan/react';\nexport default StanProvider;"],
  ])('tsx that renders its default export (%s)', (_name, sample) => {
    expect(runShowsOutput(sample, 'tsx')).toBe(true);
  });

  it('tsx that renders by itself with createRoot', () => {
    const sample = code(
      "import { createRoot } from 'react-dom/client';",
      'function App() { return <p>Hi</p>; }',
      "createRoot(document.getElementById('root')!).render(<App />);",
    );
    expect(runShowsOutput(sample, 'tsx')).toBe(true);
  });

  it('a component named in JSX of code that runs counts as entered (conservative: the element may be rendered)', () => {
    const sample = code(
      'function Noisy() { console.log("rendered"); return null; }',
      'const html = [<Noisy key="a" />];',
      'export { html };',
    );
    expect(runShowsOutput(sample, 'tsx')).toBe(true);
  });
});

describe('playgroundLanguage', () => {
  it('opens tsx as tsx and every other typed fence as ts', () => {
    expect(['tsx', 'ts', 'typescript'].map(playgroundLanguage)).toEqual(['tsx', 'ts', 'ts']);
  });
});
