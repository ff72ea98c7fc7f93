// The docs of a cut version: a copy of the current docs, each doc read with the build's own MDX parser and link
// finder once, and changed only where the build would refuse it or a reader would leave the version:
// - its links into the docs point at the version's pages (`/docs/api/atom` → `/docs/<release>/api/atom`), as the
//   link check finds links; links to another version and everything in code are left alone;
// - its live examples, which run the current package (src/examples), are shown as their code: dropped where the page
//   already shows that code right below, written in as a sample otherwise. The build compiles that sample against
//   the version's release, and "Edit and run" runs it there.
import fs from 'node:fs';
import path from 'node:path';
import { CutError } from './site.mjs';

/** The component of a live example, as docs write it. */
const LIVE_EXAMPLE = 'LiveExample';

/** Every doc id of a docs folder (the path of each .md/.mdx file without its extension). */
export function docIds(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/i.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/').replace(/\.mdx?$/i, ''))
    .sort();
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A JSX element's string attribute. */
const attributeOf = (node, name) => node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name && typeof a.value === 'string')?.value;

/** Each node with its parent, depth first. */
function* nodesOf(node, parent = null) {
  yield { node, parent };
  for (const child of node.children ?? []) yield* nodesOf(child, node);
}

/**
 * One doc of the version: `file` names it in messages (`content/docs/api/atom.mdx`). Returns its new text, the
 * number of links it points into the version and the live examples it shows as code, with their lines.
 */
export async function versionDoc(source, file, { root, docsPath, release, versionNames, site }) {
  const base = `/${docsPath.replace(/^\/+|\/+$/g, '')}`;
  const inDocs = new RegExp(`^${escapeRegExp(base)}(?=$|[/#?])`);
  const rewrite = (url) => {
    if (!inDocs.test(url)) return null;
    const first = url.slice(base.length).replace(/^\//, '').split(/[/#?]/)[0];
    if (versionNames.includes(first)) return null;
    return `${base}/${release}${url.slice(base.length)}`;
  };
  // The frontmatter is blanked, lines kept, as the build's link check reads a file; it is shorter by `shift`, so every
  // offset of the body moves by it.
  const blanked = site.blankFrontmatter(source);
  const shift = source.length - blanked.length;
  let tree;
  try {
    tree = site.parseMdx(blanked, file);
  } catch (err) {
    throw new CutError(`${err.message}\n  The cut copies ${file} as it is: fix it and run again.`);
  }
  const edits = [];
  const { links } = await site.linksOfTree(tree, {});
  let pointed = 0;
  for (const { url, at: parsed } of links) {
    const at = { ...parsed, start: parsed.start + shift, end: parsed.end + shift };
    const next = rewrite(url);
    if (!next) continue;
    let found = -1;
    if (at.attribute) {
      const match = new RegExp(`\\b${at.attribute}\\s*=\\s*(["'])${escapeRegExp(url)}\\1`).exec(source.slice(at.start, at.end));
      if (match) found = at.start + match.index + match[0].indexOf(url);
    } else {
      found = source.lastIndexOf(url, at.end);
      if (found < at.start) found = -1;
    }
    if (found < 0) continue;
    edits.push({ start: found, end: found + url.length, text: next });
    pointed += 1;
  }
  const examples = [];
  for (const { node, parent } of nodesOf(tree)) {
    if (node.type !== 'mdxJsxFlowElement' || node.name !== LIVE_EXAMPLE) continue;
    const line = node.position.start.line;
    const id = attributeOf(node, 'id');
    const sourceFile = id === undefined ? null : site.liveExampleSourceFile(id);
    if (!sourceFile || !fs.existsSync(path.join(root, sourceFile))) {
      throw new CutError(`${file}:${line}: <${LIVE_EXAMPLE}${id === undefined ? '' : ` id="${id}"`}> names no live example: fix the doc and run again.`);
    }
    const code = fs.readFileSync(path.join(root, sourceFile), 'utf8').trimEnd();
    const next = parent.children[parent.children.indexOf(node) + 1];
    const { start, end } = { start: node.position.start.offset + shift, end: node.position.end.offset + shift };
    if (next?.type === 'code' && next.value.trimEnd() === code) {
      // The page shows the example's code right below it: the element goes, with the blank line after it.
      const after = /^[ \t]*(\r?\n[ \t]*)*/.exec(source.slice(end))?.[0].length ?? 0;
      edits.push({ start, end: end + after, text: '' });
      examples.push({ id, line, shown: 'the code below it' });
    } else {
      const title = attributeOf(node, 'title') ?? id;
      edits.push({ start, end, text: `\`\`\`tsx title="${title.replace(/"/g, "'")}"\n${code}\n\`\`\`` });
      examples.push({ id, line, shown: `its code (${sourceFile})` });
    }
  }
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { text, links: pointed, examples };
}

/**
 * The version's docs, staged in `into`: a copy of the current docs folder, each doc made the version's (versionDoc).
 * Returns the doc ids, the links pointed into the version and the live examples shown as code, by file.
 */
export async function stageDocs({ root, contentDir, into, docsPath, release, versionNames, site }) {
  const from = path.join(root, contentDir);
  const ids = docIds(from);
  fs.cpSync(from, into, { recursive: true });
  let links = 0;
  const examples = [];
  for (const id of ids) {
    const ext = fs.existsSync(path.join(into, `${id}.mdx`)) ? '.mdx' : '.md';
    const file = `${contentDir}/${id}${ext}`;
    const target = path.join(into, `${id}${ext}`);
    const source = fs.readFileSync(target, 'utf8');
    const doc = await versionDoc(source, file, { root, docsPath, release, versionNames, site });
    if (doc.text !== source) fs.writeFileSync(target, doc.text);
    links += doc.links;
    for (const example of doc.examples) examples.push({ file: `${id}${ext}`, ...example });
  }
  return { ids, links, examples };
}
