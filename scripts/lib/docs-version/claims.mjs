// The claim tests a cut version gets: the current docs' claim tests made tests of the release (pages renamed
// `version-<release>/<id>`, imports of the package changed to its alias, snippets compiled against the release).
// A test that still runs the current package or reads the current docs whatever the page is not carried: the cut
// names it and why, so every claim test it writes is true of the release it names.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CURRENT_PACKAGE, qualifiedDocId, versionPackage } from '../../../src/contract/docs-versions-layout.mjs';

/** Where the current docs' claim tests live, relative to the repository. */
export const CLAIMS_DIR = 'test/content-tests/claims';
/** The claim tests of an older version (`claims-1.0.0-rc14`, beside `claims`). */
export const versionedClaimsDir = (name) => `${CLAIMS_DIR}-${name}`;

/** A claim test, as Jest finds them (the other files of the folder are helpers and fixtures). */
const CLAIM_TEST = /\.test\.[cm]?[jt]sx?$/;

const PACKAGE_SPECIFIER = /^@rkrupinski\/stan(\/react)?$/;
/** The helpers that compile a snippet, against the release their third argument names (test/support/compile.ts). */
const COMPILERS = ['compileErrors', 'hoverTypes'];
/** Test helpers (test/support) and live examples (src/examples) that use the current package whatever the page (the copy must not rely on them). */
const CURRENT_ONLY_HELPERS = /(^|\/)fixtures$|(^|\/)examples\//;

/**
 * A claim test of the current docs, made a test of the version `release`: page ids become `version-<release>/<id>`,
 * imports of the package import its alias, snippets compile against the release. What it cannot rewrite safely
 * (package names inside strings, helpers tied to the current package) comes back as follow-ups with their line.
 */
export function rewriteClaimTest(source, fileName, release, ids) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const idSet = new Set(ids);
  const edits = [];
  const followUps = [];
  const lineOf = (node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const quote = (node, text) => {
    const q = source[node.getStart(file)];
    return `${q}${text}${q}`;
  };
  const replaceString = (node, text) => edits.push({ start: node.getStart(file), end: node.getEnd(), text: quote(node, text) });
  const isModuleSpecifier = (node) => {
    const parent = node.parent;
    if ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node) return true;
    if (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) return true;
    if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
      const callee = parent.expression.getText(file);
      return ['require', 'jest.mock', 'jest.requireActual', 'jest.doMock', 'jest.unmock', 'require.resolve'].includes(callee) ||
        parent.expression.kind === ts.SyntaxKind.ImportKeyword;
    }
    return false;
  };
  // A claim's words (first argument of `claimsOf(page)(…)` or of a name bound to it) are the page's: never rewritten.
  const claimNames = new Set(['claim']);
  const collect = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) && node.initializer.expression.text === 'claimsOf') claimNames.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const isClaimCall = (call) =>
    (ts.isIdentifier(call.expression) && claimNames.has(call.expression.text)) ||
    (ts.isCallExpression(call.expression) && ts.isIdentifier(call.expression.expression) && call.expression.expression.text === 'claimsOf');
  const within = (node, outer) => node.getStart(file) >= outer.getStart(file) && node.getEnd() <= outer.getEnd();
  const isClaimWords = (node) => {
    for (let at = node.parent; at; at = at.parent) {
      if (ts.isCallExpression(at) && isClaimCall(at) && at.arguments[0] && within(node, at.arguments[0])) return true;
    }
    return false;
  };
  // Snippets compiled against the release (the version argument is added below) may name the package.
  const isCompiled = (node) => {
    for (let at = node.parent; at; at = at.parent) {
      if (ts.isCallExpression(at) && ts.isIdentifier(at.expression) && COMPILERS.includes(at.expression.text)) return true;
    }
    return false;
  };
  const isSafeContext = (node) => isClaimWords(node) || isCompiled(node);
  const namesPackage = (node) =>
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
    node.getText(file).includes(CURRENT_PACKAGE) &&
    !isSafeContext(node);
  const READS_CURRENT_DOCS = `reads content/docs: read the version's file, path.join(REPO_ROOT, claimPageFile(page).file)`;
  // Renamed only where the name is free (a file naming both would end with two imports of one name).
  const renameClaimPage = !/\bVersionedClaimPage\b/.test(source);
  const visit = (node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isModuleSpecifier(node) &&
      /^(\.\/)?content\/docs\/?$/.test(node.text)) {
      followUps.push({ line: lineOf(node), what: READS_CURRENT_DOCS });
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.text;
      if (isModuleSpecifier(node)) {
        const pkg = PACKAGE_SPECIFIER.exec(value);
        if (pkg) replaceString(node, `${versionPackage(release)}${pkg[1] ?? ''}`);
        else if ((value.startsWith('.') || value.startsWith('@src/')) && CURRENT_ONLY_HELPERS.test(value.replace(/\.[jt]sx?$/, ''))) {
          followUps.push({ line: lineOf(node), what: `imports ${value}` });
        }
      } else if (idSet.has(value) && !isClaimWords(node)) {
        replaceString(node, qualifiedDocId(release, value));
      } else if (namesPackage(node)) {
        followUps.push({ line: lineOf(node), what: `names ${CURRENT_PACKAGE} in code it runs` });
      }
    } else if (ts.isTemplateExpression(node) && namesPackage(node)) {
      followUps.push({ line: lineOf(node), what: `names ${CURRENT_PACKAGE} in code it runs` });
    } else if (ts.isIdentifier(node) && node.text === 'SAMPLE_MODULES' && !ts.isImportSpecifier(node.parent)) {
      followUps.push({ line: lineOf(node), what: `runs SAMPLE_MODULES (use sampleModulesOf('${release}'))` });
    } else if (ts.isIdentifier(node) && node.text === 'CONTENT_DIR' && !ts.isImportSpecifier(node.parent)) {
      followUps.push({ line: lineOf(node), what: READS_CURRENT_DOCS });
    } else if (ts.isIdentifier(node) && node.text === 'ClaimPage' && renameClaimPage) {
      // Every page of the copy is the version's: a helper typed for current pages takes versioned ones.
      edits.push({ start: node.getStart(file), end: node.getEnd(), text: 'VersionedClaimPage' });
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && COMPILERS.includes(node.expression.text)) {
      // (code, lang = 'ts', version): the version goes third.
      const args = node.arguments;
      const end = args[args.length - 1]?.getEnd();
      if (args.length === 1) edits.push({ start: end, end, text: `, 'ts', '${release}'` });
      if (args.length === 2) edits.push({ start: end, end, text: `, '${release}'` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { text, followUps };
}

/**
 * What the claims folder becomes in the version, staged in `into`: helpers and fixtures copied as they are, each
 * test rewritten for the release when nothing in it still depends on the current package or docs; the others are
 * left out and come back with why (file, reason and lines).
 */
export function stageClaims(root, release, ids, into) {
  const from = path.join(root, CLAIMS_DIR);
  const carried = [];
  const left = [];
  const files = [];
  if (!fs.existsSync(from)) return { carried, left };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const source = path.join(dir, entry.name);
      const relative = path.relative(from, source).split(path.sep).join('/');
      const target = path.join(into, relative);
      if (entry.isDirectory()) {
        walk(source);
        continue;
      }
      let text = fs.readFileSync(source);
      if (CLAIM_TEST.test(entry.name)) {
        const rewritten = rewriteClaimTest(text.toString('utf8'), entry.name, release, ids);
        if (rewritten.followUps.length > 0) {
          // One line per reason: "api-atom.test.ts: imports ../../support/fixtures (line 4)".
          const byReason = new Map();
          for (const f of rewritten.followUps) byReason.set(f.what, [...(byReason.get(f.what) ?? []), f.line]);
          left.push({ file: relative, reasons: [...byReason].map(([what, lines]) => ({ what, lines: [...new Set(lines)] })) });
          continue;
        }
        text = rewritten.text;
        carried.push(relative);
      }
      files.push([target, text]);
    }
  };
  walk(from);
  // Helpers without a test to use them are not worth a folder.
  if (carried.length === 0) return { carried, left };
  for (const [target, text] of files) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return { carried, left };
}
