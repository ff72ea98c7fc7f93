/** @jest-environment node */
// The "Since" marks of the API pages tell the truth both ways: every marked entry is missing from the oldest
// documented release (stan-1.0.0-rc14) and present in the installed one, read from each release's own .d.ts files
// or, for a behaviour, by running both; and every export the installed release added is marked on an API page.
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import mdastToString from 'mdast-util-to-string';
import type { Content, Root } from 'mdast';
import * as installedCore from '@rkrupinski/stan';
import * as olderCore from 'stan-1.0.0-rc14';
import { SINCE_COMPONENT } from '@src/contract/since';
import { blankFrontmatter } from '@src/node/mdx-extract';
import { CONTENT_DIR, docsVersions, REPO_ROOT, versionPackageDir } from '../support/samples';

jest.setTimeout(60_000);

const INSTALLED_DIR = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan');
const INSTALLED = (JSON.parse(fs.readFileSync(path.join(INSTALLED_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const OLDEST = docsVersions().at(-1) as string;

// ---- What each release declares, read with the compiler from its two entry points' .d.ts files.

interface Release {
  checker: ts.TypeChecker;
  /** Every export of the main entry and of /react, by name. */
  exports: Map<string, ts.Symbol>;
}

function loadRelease(dir: string): Release {
  const entries = ['index.d.ts', 'react.d.ts'].map((file) => path.join(dir, 'dist', file));
  const program = ts.createProgram(entries, { strict: true, skipLibCheck: true, noEmit: true, jsx: ts.JsxEmit.ReactJSX });
  const checker = program.getTypeChecker();
  const exports = new Map<string, ts.Symbol>();
  for (const entry of entries) {
    const source = program.getSourceFile(entry);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`no module symbol for ${entry}`);
    for (const symbol of checker.getExportsOfModule(module)) exports.set(symbol.getName(), symbol);
  }
  return { checker, exports };
}

const releases = { installed: loadRelease(INSTALLED_DIR), older: loadRelease(versionPackageDir(OLDEST)) };

const resolved = (release: Release, symbol: ts.Symbol) =>
  symbol.flags & ts.SymbolFlags.Alias ? release.checker.getAliasedSymbol(symbol) : symbol;

/** How many type parameters an exported type (or class, or interface) declares; null when it is not exported. */
function typeParameterCount(release: Release, name: string): number | null {
  const symbol = release.exports.get(name);
  if (!symbol) return null;
  const declaration = resolved(release, symbol).declarations?.[0];
  return declaration && 'typeParameters' in declaration ? ((declaration.typeParameters as unknown[] | undefined)?.length ?? 0) : 0;
}

/**
 * Whether a member path exists in a release: an export, then `(n)` for the n-th parameter of its call signature and
 * `.name` for a property, e.g. `selector(0)(0).signal` (the `signal` its function receives) or `State.tag`.
 */
function hasMember(release: Release, memberPath: string): boolean {
  const [, head, rest] = /^(\w+)(.*)$/.exec(memberPath) ?? [];
  const symbol = head ? release.exports.get(head) : undefined;
  if (!symbol || rest === undefined) return false;
  const { checker } = release;
  const target = resolved(release, symbol);
  // A function or constant stands for its value's type; a class, an interface or a type alias for its instances'.
  const isPlainValue = target.flags & ts.SymbolFlags.Value && !(target.flags & ts.SymbolFlags.Class);
  let type: ts.Type | undefined = isPlainValue ? checker.getTypeOfSymbol(target) : checker.getDeclaredTypeOfSymbol(target);
  for (const [, parameter, property] of rest.matchAll(/\((\d+)\)|\.(\w+)/g)) {
    if (!type) return false;
    const next: ts.Symbol | undefined =
      parameter !== undefined
        ? type.getCallSignatures()[0]?.getParameters()[Number(parameter)]
        : checker.getPropertyOfType(checker.getApparentType(type), property as string);
    type = next && checker.getNonNullableType(checker.getTypeOfSymbol(next));
  }
  return type !== undefined;
}

// ---- Behaviours a mark may name, by running each release.

/** The parts of either release the behaviour checks use (1.0.0-rc14 has no stores: its states are used directly). */
interface Runtime {
  atom: (value: number, options?: { effects?: Array<() => void> }) => unknown;
  selector: (fn: (arg: { get: (state: unknown) => number; signal?: unknown }) => number) => unknown;
  makeStore?: () => unknown;
  Aborted?: new () => Error;
}
interface Instance {
  get(): number;
  set(value: number): void;
  subscribe(callback: () => void): () => void;
}

/** The instance of a state in a fresh store (installed release) or the state itself (1.0.0-rc14). */
const inStore = (runtime: Runtime, store: unknown, state: unknown) =>
  (runtime.makeStore && typeof state === 'function' ? (state as (s: unknown) => unknown)(store) : state) as Instance;

/** An atom's effects run on its first read in a store, not when `atom()` is called. */
function initializesLazily(runtime: Runtime): boolean {
  let runs = 0;
  const counter = runtime.atom(0, { effects: [() => void (runs += 1)] });
  const before = runs;
  inStore(runtime, runtime.makeStore?.(), counter).get();
  return before === 0 && runs === 1;
}

/** A selector run receives an AbortSignal, aborted with an `Aborted` reason when a newer run replaces it. */
function abortsReplacedRuns(runtime: Runtime): boolean {
  const store = runtime.makeStore?.();
  const input = runtime.atom(1);
  const signals: unknown[] = [];
  const doubled = runtime.selector(({ get, signal }) => {
    signals.push(signal);
    return get(input) * 2;
  });
  const instance = inStore(runtime, store, doubled);
  instance.subscribe(() => {});
  instance.get();
  inStore(runtime, store, input).set(2);
  const first = signals[0];
  return first instanceof AbortSignal && first.aborted && runtime.Aborted !== undefined && first.reason instanceof runtime.Aborted;
}

const runtimes = { installed: installedCore as unknown as Runtime, older: olderCore as unknown as Runtime };

// ---- What each mark stands for. A mark follows an inline-code name (`options.tag` <Since …/>), or stands on its
// own line under the heading of its entry, or atop a page that is new as a whole.

type Evidence =
  | { kind: 'export'; name: string; typeParameters: number | null }
  | { kind: 'member'; paths: string[] }
  | { kind: 'behaviour'; has: (runtime: Runtime) => boolean };

/** Names that are not exports, by page: the member of the release's declarations each stands for. */
const MEMBERS: Record<string, Record<string, string[]>> = {
  'api/atom': { 'options.tag': ['atom(1).tag'] },
  'api/atomFamily': { 'options.tag': ['atomFamily(1).tag'] },
  'api/selector': { 'options.tag': ['selector(1).tag'], signal: ['selector(0)(0).signal'] },
  'api/selectorFamily': { 'options.tag': ['selectorFamily(1).tag'] },
  'api/state': { tag: ['State.tag'] },
  'api/store': { 'Initialized and mounted': ['Store.initialized', 'Store.mounted'] },
};

/** Sections about behaviour, by page: what running each release shows. */
const BEHAVIOURS: Record<string, Record<string, (runtime: Runtime) => boolean>> = {
  'api/atom': { 'Lazy initialization': initializesLazily },
  'api/selector': { Aborting: abortsReplacedRuns, 'Async selector with abort': abortsReplacedRuns },
};

interface Mark {
  page: string;
  line: number;
  release: unknown;
  /** The marked name or heading; `page` for a mark atop the page. */
  subject: string;
}

const processor = unified().use(remarkParse).use(remarkMdx);

interface NodeLike {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: NodeLike[];
  position?: { start: { line: number } };
}

const isMark = (node: NodeLike) => (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === SINCE_COMPONENT;

/** Every mark of an MDX page and what it marks. */
function marksOf(page: string, source: string): Mark[] {
  const tree = processor.parse(blankFrontmatter(source)) as Root;
  const marks: Mark[] = [];
  const visit = (node: NodeLike) => {
    const children = node.children ?? [];
    children.forEach((child, index) => {
      if (!isMark(child)) return visit(child);
      const before = children.slice(0, index).filter((n) => !(n.type === 'text' && (n.value ?? '').trim() === ''));
      const previous = before[before.length - 1];
      let subject: string;
      if (child.type === 'mdxJsxTextElement') subject = previous?.type === 'inlineCode' ? (previous.value ?? '') : '';
      else if (previous?.type === 'heading') subject = mdastToString(previous as Content);
      else subject = node.type === 'root' && before.length === 0 ? 'page' : '';
      const release = child.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'release')?.value;
      marks.push({ page, line: child.position?.start.line ?? 0, release, subject });
    });
  };
  visit(tree as unknown as NodeLike);
  return marks;
}

/** The names a page's signature block declares (for a mark atop a page that is new as a whole). */
const signatureNames = (source: string) =>
  [...(/## Signature\n\n```ts\n([\s\S]*?)\n```/.exec(source)?.[1] ?? '').matchAll(/^(?:declare )?(?:function|const|class|type|interface) (\w+)/gm)].map(
    (m) => m[1] as string,
  );

function evidenceFor(mark: Mark, source: string): Evidence[] {
  if (mark.subject === 'page') return signatureNames(source).map((name) => ({ kind: 'export', name, typeParameters: null }));
  const exported = /^(\w+)(?:<([^>]*)>)?$/.exec(mark.subject);
  if (exported?.[1] && releases.installed.exports.has(exported[1])) {
    return [{ kind: 'export', name: exported[1], typeParameters: exported[2] === undefined ? null : exported[2].split(',').length }];
  }
  const members = MEMBERS[mark.page]?.[mark.subject];
  if (members) return [{ kind: 'member', paths: members }];
  const behaviour = BEHAVIOURS[mark.page]?.[mark.subject];
  if (behaviour) return [{ kind: 'behaviour', has: behaviour }];
  throw new Error(
    `${mark.page}.mdx:${mark.line}: a mark on "${mark.subject}", which is neither an export nor listed in MEMBERS or BEHAVIOURS of this test: ` +
      'put the mark right after the `name` it marks (or on its own line under the heading), or teach this test how to check it',
  );
}

/** Whether a release has the marked thing (for an export written with type arguments, in that generic form). */
function has(which: 'installed' | 'older', evidence: Evidence): boolean {
  const release = releases[which];
  if (evidence.kind === 'export') {
    const count = typeParameterCount(release, evidence.name);
    return count !== null && (evidence.typeParameters === null || count === evidence.typeParameters);
  }
  if (evidence.kind === 'member') return evidence.paths.every((memberPath) => hasMember(release, memberPath));
  return evidence.has(runtimes[which]);
}

const apiPages = fs
  .readdirSync(path.join(CONTENT_DIR, 'api'))
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => {
    const page = `api/${file.replace(/\.mdx$/, '')}`;
    const source = fs.readFileSync(path.join(CONTENT_DIR, 'api', file), 'utf8');
    return { page, source, marks: marksOf(page, source) };
  });
const allMarks = apiPages.flatMap(({ source, marks }) => marks.map((mark) => ({ mark, source })));

it(`the docs mark entries against ${OLDEST}, and the installed release is newer`, () => {
  expect(OLDEST).toBe('1.0.0-rc14');
  expect(INSTALLED).toBe('1.2.0-rc4');
  expect(allMarks.length).toBeGreaterThanOrEqual(20);
});

for (const { page, marks, source } of apiPages.filter(({ marks }) => marks.length > 0)) {
  describe(page, () => {
    for (const mark of marks) {
      it(`${mark.subject} (line ${mark.line}): missing from ${OLDEST}, present in the installed release, and marked with it`, () => {
        expect(mark.release).toBe(INSTALLED);
        const evidence = evidenceFor(mark, source);
        expect(evidence.length).toBeGreaterThan(0);
        for (const item of evidence) {
          const label = item.kind === 'behaviour' ? mark.subject : item.kind === 'export' ? item.name : item.paths.join(', ');
          expect({ label, older: has('older', item), installed: has('installed', item) }).toEqual({ label, older: false, installed: true });
        }
      });
    }
  });
}

it(`every export the installed release added since ${OLDEST} (main entry and /react) is marked on an API page`, () => {
  const added = [...releases.installed.exports.keys()].filter((name) => !releases.older.exports.has(name)).sort();
  expect(added).toEqual(expect.arrayContaining(['makeStore', 'DEFAULT_STORE', 'Store', 'reset', 'Aborted', 'StanProvider', 'TagFromParam']));
  const marked = new Set(
    allMarks.flatMap(({ mark, source }) => evidenceFor(mark, source).flatMap((item) => (item.kind === 'export' ? [item.name] : []))),
  );
  expect(added.filter((name) => !marked.has(name))).toEqual([]);
});

describe('the checks themselves', () => {
  it('tell a member or a behaviour that a release has from one it lacks', () => {
    expect(hasMember(releases.installed, 'selector(0)(0).signal')).toBe(true);
    expect(hasMember(releases.installed, 'selector(0)(0).get')).toBe(true);
    expect(hasMember(releases.older, 'selector(0)(0).get')).toBe(true);
    expect(hasMember(releases.older, 'selector(0)(0).signal')).toBe(false);
    expect(hasMember(releases.installed, 'atom(1).effects')).toBe(true);
    expect(hasMember(releases.installed, 'atom(1).nothing')).toBe(false);
    expect(hasMember(releases.installed, 'Store.mounted')).toBe(true);
    expect(initializesLazily(runtimes.installed)).toBe(true);
    expect(initializesLazily(runtimes.older)).toBe(false);
    expect(abortsReplacedRuns(runtimes.installed)).toBe(true);
    expect(abortsReplacedRuns(runtimes.older)).toBe(false);
  });

  it('find what a mark marks: the name before it, the heading above it, or the page', () => {
    const M = `<${SINCE_COMPONENT} release="${INSTALLED}" />`;
    const source = `---\ntitle: x\n---\n\n${M}\n\nIntro.\n\n## \`makeStore\`\n\n${M}\n\nText.\n\n- \`options.tag\` ${M} (optional): a label.\n- plain ${M} text.\n`;
    expect(marksOf('api/x', source).map(({ subject, line }) => ({ subject, line }))).toEqual([
      { subject: 'page', line: 5 },
      { subject: 'makeStore', line: 11 },
      { subject: 'options.tag', line: 15 },
      { subject: '', line: 16 },
    ]);
    expect(() => evidenceFor({ page: 'api/x', line: 16, release: INSTALLED, subject: '' }, source)).toThrow(/api\/x\.mdx:16/);
  });

  it('a generic form the older release lacks counts as missing (SelectorFamilyOptions<P>)', () => {
    const evidence: Evidence = { kind: 'export', name: 'SelectorFamilyOptions', typeParameters: 1 };
    expect([has('older', evidence), has('installed', evidence)]).toEqual([false, true]);
    expect(has('older', { ...evidence, typeParameters: null })).toBe(true);
  });
});
