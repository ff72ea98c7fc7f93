// Cuts the current docs into an older docs version pinned to a package release (`npm run docs:version -- <release>`),
// as `docusaurus docs:version` does: docs folder, sidebars, versions.json, the site config entry, the package alias
// and the claim tests. Everything is written to a scratch folder first and moved into place only when complete.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import ts from 'typescript';
import { unified } from 'unified';
import { visit as visitTree } from 'unist-util-visit';

// The folders, the package and the doc ids, as the build names them.
import {
  aliasInstallCommand,
  CURRENT_PACKAGE,
  CURRENT_VERSION_NAME,
  qualifiedDocId,
  VERSIONED_DOCS_DIR,
  VERSIONED_SIDEBARS_DIR,
  versionedDocsDir,
  versionedSidebarsFile,
  VERSIONS_FILE,
  versionPackage,
} from '../../src/contract/docs-versions-layout.mjs';

export {
  aliasInstallCommand as installCommand,
  CURRENT_PACKAGE,
  CURRENT_VERSION_NAME,
  qualifiedDocId,
  VERSIONED_DOCS_DIR,
  VERSIONED_SIDEBARS_DIR,
  versionedDocsDir,
  versionedSidebarsFile,
  VERSIONS_FILE,
  versionPackage,
};

/** Where the current docs, the site config and the claim tests live, relative to the repository. */
export const CURRENT_DOCS_DIR = 'content/docs';
export const SITE_CONFIG_FILE = 'site.config.ts';
export const CLAIMS_DIR = 'test/content-tests/claims';
/** The claim tests of an older version (`claims-1.0.0-rc14`, beside `claims`). */
export const versionedClaimsDir = (name) => `${CLAIMS_DIR}-${name}`;

/** The site config entry of a cut version: an older version is unmaintained, and its badge names its release. */
export const configEntry = (release) => `'${release}': { label: '${release}', banner: 'unmaintained', badge: true },`;

export const USAGE = `Usage: npm run docs:version -- <release> [--no-install]

Cuts the current docs (content/docs) into the docs of <release>, the release of ${CURRENT_PACKAGE} they document. Writes
  - ${versionedDocsDir('<release>')}/: a copy of content/docs, its links into the docs pointed at the version
  - ${versionedSidebarsFile('<release>')}: the sidebars of ${SITE_CONFIG_FILE}
  - ${VERSIONS_FILE}: <release> first
  - ${SITE_CONFIG_FILE}: the version's docs.versions entry
  - ${versionedClaimsDir('<release>')}/: the claim tests, made tests of <release>
and installs the release as ${versionPackage('<release>')} (${aliasInstallCommand('<release>')}).

Options:
  --no-install   do not run npm; print the install command instead
  --root DIR     the site to cut (default: this repository)
  --help         this text`;

/** A mistake in the command or the site that stops the cut before anything is written; its message names the fix. */
export class CutError extends Error {}

/** The options of the command line: the release, whether to install, the root. */
export function parseDocsVersionArgs(argv, defaultRoot) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { 'no-install': { type: 'boolean' }, root: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    const arg = /'([^'\s]*)/.exec(err.message)?.[1] ?? err.message;
    throw new CutError(`unknown or incomplete argument: ${arg}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length === 0) {
    throw new CutError(
      `Name the release the current docs document, e.g. npm run docs:version -- 1.2.0-rc4 (see --help).\n\n${USAGE}`,
    );
  }
  if (positionals.length > 1) throw new CutError(`One release at a time: got ${positionals.join(', ')}.\n\n${USAGE}`);
  return { release: positionals[0], install: !values['no-install'], root: path.resolve(values.root ?? defaultRoot) };
}

// The regular expression semver.org publishes for a version (npm's versions are semver); a well-known one-liner, so
// the script needs no extra dependency.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The older versions the site has (content/versions.json), newest first; a missing file is none. */
export function readVersions(root) {
  const file = path.join(root, VERSIONS_FILE);
  if (!fs.existsSync(file)) return [];
  let list;
  try {
    list = readJson(file);
  } catch (err) {
    throw new CutError(`${VERSIONS_FILE} is not JSON (${err.message}): fix it to a list of version names, e.g. ["1.0.0-rc14"].`);
  }
  if (!Array.isArray(list) || list.some((name) => typeof name !== 'string')) {
    throw new CutError(`${VERSIONS_FILE} must be a list of version names, e.g. ["1.0.0-rc14"]: fix it and run again.`);
  }
  return list;
}

/** The release of a package installed under root (null when it is not installed). */
function installedRelease(root, name) {
  const manifest = path.join(root, 'node_modules', name, 'package.json');
  return fs.existsSync(manifest) ? readJson(manifest).version : null;
}

/** Runs npm in root and returns its status and output (npm is found on PATH, as a shell would). */
export function runNpm(root, args, { inherit = false } = {}) {
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8', stdio: inherit ? 'inherit' : 'pipe', timeout: 300_000 });
  return { status: result.error ? -1 : result.status, stdout: result.stdout ?? '', stderr: result.error ? String(result.error.message) : (result.stderr ?? '') };
}

/**
 * Checks that the release can be cut: an npm version, not already a version of the site, and a published release of
 * the package (asked of the registry unless it is installed already). Returns notes for the editor.
 */
export function checkRelease(root, release) {
  if (!SEMVER.test(release)) {
    throw new CutError(
      `"${release}" is not an npm version. Name the release of ${CURRENT_PACKAGE} the current docs document, e.g. 1.2.0-rc4.`,
    );
  }
  if (readVersions(root).includes(release)) {
    throw new CutError(
      `${release} is already a docs version (${VERSIONS_FILE}). Cut a release that has no version yet, or retire ` +
        `${release} first (README, "Retiring a version") and cut it again.`,
    );
  }
  for (const taken of [versionedDocsDir(release), versionedSidebarsFile(release), versionedClaimsDir(release)]) {
    if (fs.existsSync(path.join(root, taken))) {
      throw new CutError(
        `${taken} already exists although ${VERSIONS_FILE} does not list ${release}: it is left from an earlier cut or ` +
          'retirement. Remove it (or add the version to versions.json by hand) and run again.',
      );
    }
  }
  const notes = [];
  const current = installedRelease(root, CURRENT_PACKAGE);
  if (current !== null && current !== release) {
    notes.push(
      `The installed ${CURRENT_PACKAGE} is ${current}, not ${release}: check that content/docs describes ${release} ` +
        'before you rewrite it for the new release.',
    );
  }
  if (current === release || installedRelease(root, versionPackage(release)) === release) return notes;
  const view = runNpm(root, ['view', CURRENT_PACKAGE, 'versions', '--json']);
  if (view.status !== 0) {
    throw new CutError(
      `Cannot check that ${release} is a release of ${CURRENT_PACKAGE}: npm could not ask the registry ` +
        `(${view.stderr.trim().split('\n').pop() || `exit ${view.status}`}). Run again when the registry answers, or ` +
        `install the release first: ${aliasInstallCommand(release)}`,
    );
  }
  let published;
  try {
    published = [].concat(JSON.parse(view.stdout || '[]'));
  } catch {
    throw new CutError(`npm view ${CURRENT_PACKAGE} versions --json did not answer JSON: run it yourself to see why, then run again.`);
  }
  if (!published.includes(release)) {
    throw new CutError(
      `${CURRENT_PACKAGE} has no release ${release} on npm (published: ${published.slice(-8).join(', ')}). ` +
        'Name a published release: the one the current docs document.',
    );
  }
  return notes;
}

/** The site config (site.config.ts, TypeScript) as Node sees it, loaded with tsx. */
export async function loadSiteConfig(root) {
  const file = path.join(root, SITE_CONFIG_FILE);
  if (!fs.existsSync(file)) throw new CutError(`${SITE_CONFIG_FILE} is missing in ${root}: run the command in the site's folder.`);
  const { tsImport } = await import('tsx/esm/api');
  const loaded = await tsImport(pathToFileURL(file).href, pathToFileURL(file).href);
  return loaded.default?.default ?? loaded.default;
}

/** The sidebars file of a version: site.config.ts's sidebars as JSON, with the same item shapes. */
export function sidebarsJson(sidebars) {
  if (!sidebars || typeof sidebars !== 'object' || Object.keys(sidebars).length === 0) {
    throw new CutError(`${SITE_CONFIG_FILE} has no sidebars to copy: add \`sidebars: { docs: [...] }\` and run again.`);
  }
  // Only what JSON keeps as it is: plain objects, arrays, strings, finite numbers, booleans and null.
  const plain = (value, at) => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number' && Number.isFinite(value)) return;
    if (Array.isArray(value)) return value.forEach((item, i) => plain(item, `${at}[${i}]`));
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.entries(value).forEach(([key, item]) => plain(item, `${at}.${key}`));
    }
    throw new CutError(
      `${SITE_CONFIG_FILE}: ${at} is ${typeof value}, which a sidebars JSON file cannot hold: make it a plain value and run again.`,
    );
  };
  plain(sidebars, 'sidebars');
  const text = `${JSON.stringify(sidebars, null, 2)}\n`;
  return text;
}

/**
 * site.config.ts with the version's `docs.versions` entry added after `current`, or null (with the reason) when the
 * object cannot be found: then the editor adds the entry by hand.
 */
export function addConfigEntry(source, release) {
  const file = ts.createSourceFile(SITE_CONFIG_FILE, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const nameOf = (prop) => (prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : null);
  const objectProp = (object, name) =>
    object.properties.find((p) => ts.isPropertyAssignment(p) && nameOf(p) === name && ts.isObjectLiteralExpression(p.initializer));
  let versions = null;
  const visit = (node) => {
    if (versions) return;
    if (ts.isObjectLiteralExpression(node)) {
      const docs = objectProp(node, 'docs');
      const found = docs && objectProp(docs.initializer, 'versions');
      if (found) {
        versions = found.initializer;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!versions) return { text: null, reason: `${SITE_CONFIG_FILE} has no \`docs: { versions: { … } }\` object literal` };
  if (versions.properties.some((p) => nameOf(p) === release)) return { text: source, reason: 'already there' };
  const current = versions.properties.find((p) => nameOf(p) === CURRENT_VERSION_NAME);
  const anchor = current ?? versions.properties[0];
  // The indentation of the entries when each has a line of its own, else none (an object on one line).
  const lineStart = anchor ? source.lastIndexOf('\n', anchor.getStart(file)) + 1 : -1;
  const indent = anchor && /^[ \t]*$/.test(source.slice(lineStart, anchor.getStart(file))) ? source.slice(lineStart, anchor.getStart(file)) : null;
  const entry = indent === null ? ` ${configEntry(release)}` : `\n${indent}${configEntry(release)}`;
  if (current) {
    // After the current version's entry and its comma (one is added if it had none).
    const end = current.getEnd();
    const comma = /^\s*,/.exec(source.slice(end));
    const before = comma ? source.slice(0, end + comma[0].length) : `${source.slice(0, end)},`;
    return { text: `${before}${entry}${source.slice(comma ? end + comma[0].length : end)}`, reason: null };
  }
  // First, right after the object's opening brace.
  const brace = versions.getStart(file) + 1;
  return { text: `${source.slice(0, brace)}${entry}${source.slice(brace)}`, reason: null };
}

/**
 * A doc of the cut version with its links into the docs made links into the version (`/docs/api/atom` →
 * `/docs/<release>/api/atom`), so a reader of the version stays in it; links to another version (`/docs/1.0.0-rc14/…`)
 * and everything in code are left alone. Markdown links and definitions, and `href`/`to` of JSX elements, are found
 * with the MDX parser the site uses.
 */
export function versionDocLinks(source, docsPath, release, versionNames) {
  const base = `/${docsPath.replace(/^\/+|\/+$/g, '')}`;
  const inDocs = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[/#?])`);
  const rewrite = (url) => {
    if (!inDocs.test(url)) return null;
    const first = url.slice(base.length).replace(/^\//, '').split(/[/#?]/)[0];
    if (versionNames.includes(first)) return null;
    return `${base}/${release}${url.slice(base.length)}`;
  };
  // Frontmatter is blanked (offsets kept) so the MDX parser reads the body only.
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (m) => m.replace(/[^\n]/g, ' '));
  const tree = unified().use(remarkParse).use(remarkMdx).parse(body);
  const edits = [];
  const replaceIn = (start, end, from, to) => {
    const at = source.lastIndexOf(from, end);
    if (at >= start) edits.push({ start: at, end: at + from.length, text: to });
  };
  visitTree(tree, (node) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.type === 'link' || node.type === 'definition') {
      const next = rewrite(node.url);
      if (next) replaceIn(start, end, node.url, next);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes ?? []) {
        if (attribute.type !== 'mdxJsxAttribute' || !['href', 'to'].includes(attribute.name) || typeof attribute.value !== 'string') continue;
        const next = rewrite(attribute.value);
        if (!next) continue;
        const open = source.slice(start, end);
        const match = new RegExp(`\\b${attribute.name}\\s*=\\s*(["'])${attribute.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`).exec(open);
        if (match) {
          const at = start + match.index + match[0].indexOf(attribute.value);
          edits.push({ start: at, end: at + attribute.value.length, text: next });
        }
      }
    }
  });
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { text, links: edits.length };
}

/** Every doc id of a docs folder (the path of each .md/.mdx file without its extension). */
export function docIds(dir) {
  const ids = [];
  const walk = (folder, prefix) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (/\.mdx?$/i.test(entry.name)) ids.push(`${prefix}${entry.name.replace(/\.mdx?$/i, '')}`);
    }
  };
  walk(dir, '');
  return ids.sort();
}

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

/** What the claims folder becomes in the version: each test file rewritten, other files copied as they are. */
function stageClaims(root, release, ids, into) {
  const from = path.join(root, CLAIMS_DIR);
  if (!fs.existsSync(from)) return { files: 0, followUps: [] };
  const followUps = [];
  let files = 0;
  fs.cpSync(from, into, { recursive: true });
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name)) {
        const relative = path.relative(into, file).split(path.sep).join('/');
        const rewritten = rewriteClaimTest(fs.readFileSync(file, 'utf8'), entry.name, release, ids);
        fs.writeFileSync(file, rewritten.text);
        files += 1;
        // One line per file and reason: "api-atom.test.ts: imports ../../fixtures (line 4)".
        const byReason = new Map();
        for (const f of rewritten.followUps) byReason.set(f.what, [...(byReason.get(f.what) ?? []), f.line]);
        for (const [what, lines] of byReason) {
          const unique = [...new Set(lines)];
          followUps.push(`${relative}: ${what} (line${unique.length > 1 ? 's' : ''} ${unique.join(', ')})`);
        }
      }
    }
  };
  walk(into);
  return { files, followUps };
}

/**
 * Cuts the current docs into the version `release` under root. Nothing under root changes until every file is ready
 * in a scratch folder; then each is moved into place (a failed move puts back the ones before it). Returns what the
 * editor reads: what was written and what is left to do.
 */
export async function cutDocsVersion({ root, release, install, log = console.log }) {
  const notes = checkRelease(root, release);
  const docsFrom = path.join(root, CURRENT_DOCS_DIR);
  if (!fs.existsSync(docsFrom)) throw new CutError(`${CURRENT_DOCS_DIR} is missing in ${root}: run the command in the site's folder.`);
  const config = await loadSiteConfig(root);
  const sidebars = sidebarsJson(config?.sidebars);
  const configSource = fs.readFileSync(path.join(root, SITE_CONFIG_FILE), 'utf8');
  const edited = addConfigEntry(configSource, release);
  const versions = readVersions(root);
  const ids = docIds(docsFrom);

  const scratch = fs.mkdtempSync(path.join(root, '.docs-version-'));
  const moved = [];
  try {
    fs.cpSync(docsFrom, path.join(scratch, 'docs'), { recursive: true });
    const docsPath = typeof config?.docs?.path === 'string' ? config.docs.path : 'docs';
    let links = 0;
    for (const id of ids) {
      const file = ['.mdx', '.md'].map((ext) => path.join(scratch, 'docs', `${id}${ext}`)).find((f) => fs.existsSync(f));
      let result;
      try {
        result = versionDocLinks(fs.readFileSync(file, 'utf8'), docsPath, release, [...versions, release]);
      } catch (err) {
        const relative = path.relative(path.join(scratch, 'docs'), file).split(path.sep).join('/');
        throw new CutError(`${CURRENT_DOCS_DIR}/${relative}: the MDX does not parse (${err.message}): fix it and run again.`);
      }
      fs.writeFileSync(file, result.text);
      links += result.links;
    }
    fs.writeFileSync(path.join(scratch, 'sidebars.json'), sidebars);
    const claims = stageClaims(root, release, ids, path.join(scratch, 'claims'));
    fs.writeFileSync(path.join(scratch, 'versions.json'), `${JSON.stringify([release, ...versions])}\n`);
    const configChanged = edited.text !== null && edited.text !== configSource;
    if (configChanged) fs.writeFileSync(path.join(scratch, 'site.config.ts'), edited.text);

    const plan = [
      ['docs', versionedDocsDir(release)],
      ['sidebars.json', versionedSidebarsFile(release)],
      ...(claims.files > 0 ? [['claims', versionedClaimsDir(release)]] : []),
      ['versions.json', VERSIONS_FILE],
      ...(configChanged ? [['site.config.ts', SITE_CONFIG_FILE]] : []),
    ];
    for (const [from, to] of plan) {
      const target = path.join(root, to);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const backup = fs.existsSync(target) ? path.join(scratch, `previous-${from}`) : null;
      if (backup) fs.renameSync(target, backup);
      fs.renameSync(path.join(scratch, from), target);
      moved.push({ target, backup });
    }
    moved.length = 0;

    log(`Cut the docs of ${release}:`);
    for (const [, to] of plan) {
      const detail =
        to === VERSIONS_FILE ? ` (${[release, ...versions].join(', ')})` : to === versionedDocsDir(release) ? ` (${ids.length} docs, ${links} links into the docs now /${docsPath}/${release}/…)` : '';
      log(`  wrote ${to}${detail}`);
    }

    const todo = [];
    if (edited.text === null) {
      todo.push(`Add the version to ${SITE_CONFIG_FILE} (${edited.reason}), in docs.versions:\n      ${configEntry(release)}`);
    }
    let installed = false;
    if (install) {
      log(`Installing ${versionPackage(release)}: ${aliasInstallCommand(release)}`);
      const result = runNpm(root, ['install', '--save-exact', `${versionPackage(release)}@npm:${CURRENT_PACKAGE}@${release}`], { inherit: true });
      installed = result.status === 0;
      if (!installed) todo.push(`npm could not install the release (exit ${result.status}): when the registry answers, run\n      ${aliasInstallCommand(release)}`);
    } else {
      todo.push(`Install the release beside the current one (the build needs it), pinned:\n      ${aliasInstallCommand(release)}`);
    }
    if (claims.files > 0) {
      todo.push(
        `Check the ${claims.files} claim files copied to ${versionedClaimsDir(release)}/ (pages renamed version-${release}/<id>, ` +
          `imports of ${CURRENT_PACKAGE} now ${versionPackage(release)}):\n      npx jest ${versionedClaimsDir(release)} && npx tsc --noEmit` +
          (claims.followUps.length > 0
            ? `\n    These still use the current ${CURRENT_PACKAGE}, whatever the page: make them use ${versionPackage(release)} ` +
              `(a helper of their own, as claims-1.0.0-rc14/ has) or drop the claim:\n${claims.followUps.map((f) => `      ${f}`).join('\n')}`
            : ''),
      );
    } else {
      todo.push(`No claim tests were found in ${CLAIMS_DIR}/: write the version's own in ${versionedClaimsDir(release)}/ (pages named version-${release}/<id>).`);
    }
    todo.push(
      `Then document the new release in ${CURRENT_DOCS_DIR}: npm install --save-exact ${CURRENT_PACKAGE}@<new release>, rewrite the pages ` +
        `and their claims, and run the tests (README, "Documenting a new release").`,
    );
    for (const note of notes) log(`Note: ${note}`);
    log('\nStill to do:');
    todo.forEach((item, i) => log(`  ${i + 1}. ${item}`));
    return { installed, todo, followUps: claims.followUps, written: plan.map(([, to]) => to) };
  } catch (err) {
    // Put back what was moved, newest first, so the site is as it was.
    for (const { target, backup } of moved.reverse()) {
      fs.rmSync(target, { recursive: true, force: true });
      if (backup) fs.renameSync(backup, target);
    }
    throw err;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
