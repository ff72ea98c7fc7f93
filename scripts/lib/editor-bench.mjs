/**
 * Pure parts of `npm run bench:editor`: generated pages, the edits the benchmark makes, what Gatsby's output says
 * it redid, the process-tree memory sampler's arithmetic and the table the script prints.
 */
import { random } from './search-bench.mjs';

const TOPICS = [
  'Persisting state', 'Undo history', 'Optimistic updates', 'Pagination', 'Form state', 'Derived filters',
  'Debounced search', 'Polling', 'Feature flags', 'Theming', 'Authentication', 'Offline queues', 'Web sockets',
  'Testing stores', 'Code splitting', 'Server data', 'Shopping cart', 'Notifications', 'Wizards', 'Drag and drop',
];
const NOUNS = ['atom', 'selector', 'store', 'family', 'subscriber', 'component', 'request', 'value', 'cache', 'parameter'];
const VERBS = ['reads', 'updates', 'derives', 'keeps', 'refreshes', 'resets', 'subscribes to', 'returns', 'caches', 'drops'];
const OPTIONS = [
  ['enabled', 'boolean', 'true'],
  ['maxSize', 'number', '20'],
  ['mode', "'auto' \\| 'manual'", "'auto'"],
  ['key', 'string', "'default'"],
  ['strict', 'boolean', 'false'],
];

/**
 * One realistic doc page as MDX with this site's frontmatter: prose, h2/h3 sections, a list, a table, a JS and a
 * shell fence. `n` is 1-based; the same `n` always gives the same page.
 */
export function generatedPage(n) {
  const next = random(n * 7919);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const topic = TOPICS[(n - 1) % TOPICS.length];
  const title = `${topic} ${n}`;
  const sentence = () => {
    const words = `The ${pick(NOUNS)} ${pick(VERBS)} the ${pick(NOUNS)} when the ${pick(NOUNS)} ${pick(VERBS)} its ${pick(NOUNS)}`;
    return `${words} (page ${n}).`;
  };
  const paragraph = (k) => Array.from({ length: 4 + (k % 3) }, sentence).join(' ');
  const slug = topic.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return [
    '---',
    `title: ${title}`,
    `description: ${topic} with Stan, a generated page (${n}) for the editors' benchmark.`,
    `sidebar_position: ${100 + n}`,
    '---',
    '',
    paragraph(1),
    '',
    '## Overview',
    '',
    paragraph(2),
    '',
    '- Start from the smallest piece of state.',
    '- Derive the rest with selectors.',
    '- Read it where it is shown.',
    '',
    '## Options',
    '',
    '| Option | Type | Default | What it does |',
    '| --- | --- | --- | --- |',
    ...OPTIONS.map(([name, type, value]) => `| \`${name}\` | ${type} | \`${value}\` | Sets ${name} for ${topic.toLowerCase()}. |`),
    '',
    '## Example',
    '',
    paragraph(3),
    '',
    '```js',
    `// ${slug}.js`,
    `export const ${slug} = {`,
    '  enabled: true,',
    `  maxSize: ${10 + (n % 50)},`,
    "  mode: 'auto',",
    '};',
    '```',
    '',
    '```bash',
    `npm run build -- --only ${slug}`,
    '```',
    '',
    '## Details',
    '',
    '### How it works',
    '',
    paragraph(4),
    '',
    '### Edge cases',
    '',
    paragraph(5),
    '',
    '1. An empty value is kept as it is.',
    '2. An unknown key is reported.',
    '3. A wrong type fails with a message.',
    '',
    '## See also',
    '',
    paragraph(6),
    '',
  ].join('\n');
}

/** Inserts `line` as a paragraph before the first h2 of an MDX file (the one-line edit every figure uses). */
export function insertBeforeFirstSection(source, line) {
  const at = source.search(/^## /m);
  if (at === -1) throw new Error('the page has no "## " heading to insert before');
  return `${source.slice(0, at)}${line}\n\n${source.slice(at)}`;
}

/**
 * Breaks the first compiled TS/TSX sample of an MDX file with a type error, returning the new source and the
 * file's 1-based line of the broken statement. Fences marked `partial` are not compiled, so they are skipped.
 */
export function breakFirstTypedSample(source) {
  const lines = source.split('\n');
  const fence = lines.findIndex((line) => /^```(ts|tsx|typescript)\b/.test(line) && !/\bpartial\b/.test(line));
  if (fence === -1) throw new Error('the page has no compiled TS/TSX sample to break');
  lines.splice(fence + 1, 0, "const benchTypeError: number = 'not a number';");
  return { source: lines.join('\n'), line: fence + 2 };
}

/**
 * Makes the MDX of a page unparsable: an expression that never closes, after the first section heading. MDX
 * reports such an error where the file ends, so any line of the file counts (`line: null`).
 */
export function breakMdxSyntax(source) {
  const lines = source.split('\n');
  const heading = lines.findIndex((line) => line.startsWith('## '));
  if (heading === -1) throw new Error('the page has no "## " heading');
  lines.splice(heading + 2, 0, 'A stray { opens an expression that never closes.', '');
  return { source: lines.join('\n'), line: null };
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** Gatsby's log without colours and progress redraws. */
export const plainLog = (text) => text.replace(ANSI, '');

/**
 * What a `gatsby build` log says it did: seconds per activity (the last time each was reported) and the
 * done/total counts of the query and HTML steps ("run queries in workers - 1.2s - 3/3 2.5/s").
 */
export function parseGatsbyLog(text) {
  const steps = {};
  const counts = {};
  for (const line of plainLog(text).split('\n')) {
    const match = /^success (.+?) - ([\d.]+)s(?: - (\d+)\/(\d+))?/.exec(line.trim());
    if (!match) continue;
    const [, name, seconds, done, total] = match;
    steps[name] = Number(seconds);
    if (done !== undefined) counts[name] = { done: Number(done), total: Number(total) };
  }
  const log = plainLog(text);
  const noHtml = /There are no new or changed html files to build/.test(log);
  const queries = counts['run queries in workers'] ?? counts['run page queries'] ?? (steps['run queries in workers'] !== undefined ? { done: 0, total: 0 } : null);
  const html = counts['Building static HTML for pages'] ?? (noHtml ? { done: 0, total: 0 } : null);
  return { steps, queries, html };
}

/** Median of numbers (the lower middle of an even count, so it is one of the measured values). */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * `/proc/<pid>/stat` text → { pid, ppid, pgrp, rssPages }. The command name (field 2) may hold spaces and
 * parentheses, so fields are counted from its closing parenthesis.
 */
export function parseProcStat(text) {
  const close = text.lastIndexOf(')');
  const pid = Number(text.slice(0, text.indexOf(' ')));
  const fields = text.slice(close + 2).trim().split(/\s+/);
  // After the name: state(3) ppid(4) pgrp(5) … rss(24), i.e. index field-3.
  return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), rssPages: Number(fields[21]) };
}

/**
 * The NODE_OPTIONS that `npm run build` gives Gatsby's processes (a heap limit), read from its script, so the
 * benchmark's builds run as an editor's do; null when the script sets none.
 */
export function buildNodeOptions(buildScript) {
  const match = /(?:^|\s)NODE_OPTIONS=(\S+)/.exec(buildScript ?? '');
  return match ? match[1] : null;
}

/** Sum and largest RSS (bytes) of the processes in process group `pgrp`, with the pid of the largest. */
export function groupMemory(stats, pgrp, pageSize) {
  let total = 0;
  let largest = 0;
  let largestPid = null;
  for (const stat of stats) {
    if (stat.pgrp !== pgrp) continue;
    const bytes = stat.rssPages * pageSize;
    total += bytes;
    if (bytes > largest) {
      largest = bytes;
      largestPid = stat.pid;
    }
  }
  return { total, largest, largestPid };
}

/**
 * The Gatsby step that was running at a point of a build's log: Gatsby prints a step's line when it ends, so it is
 * the first step that ends after `offset` (the length of the output seen at that point); null when none did.
 */
export function stepRunningAt(text, offset) {
  for (const line of plainLog(text.slice(offset)).split('\n')) {
    const match = /^success (.+?) - [\d.]+s/.exec(line.trim());
    if (match) return match[1];
  }
  return null;
}

const seconds = (ms) => (ms == null || Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms) => (ms == null || Number.isNaN(ms) ? '–' : `${Math.round(ms)} ms`);
const gb = (bytes) => (bytes == null ? '–' : `${(bytes / 1024 ** 3).toFixed(2)} GB`);
const redone = (count) => (count ? `${count.done}/${count.total}` : '–');
const outcome = (check) => {
  if (!check) return '–';
  if (!check.shown) return 'not shown';
  const where = [check.browser ? 'browser' : null, check.terminal ? 'terminal' : null].filter(Boolean).join('+');
  return `${where} ${millis(check.shownMs)}, back ${millis(check.backMs)}`;
};

/** The benchmark's figures as a Markdown table, one row per site size. */
export function formatTable(rows) {
  const header = [
    'pages', 'cold build', 'cold, samples kept', 'peak memory', 'rebuild (1 edit)', 'queries / HTML redone', 'page data of a doc', 'dev cold', 'dev warm',
    'first view', 'edit → browser (median of 5)', 'no reload, scroll kept', 'MDX syntax error', 'sample type error',
  ];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map((h, i) => (i === 0 ? '---:' : '---')).join(' | ')} |`];
  for (const row of rows) {
    lines.push(
      `| ${[
        row.pages,
        seconds(row.cold?.ms),
        seconds(row.coldKept?.ms),
        `${gb(row.cold?.peak?.total)} (largest process ${gb(row.cold?.peak?.largest)})`,
        seconds(row.rebuild?.ms),
        `${redone(row.rebuild?.queries)} / ${redone(row.rebuild?.html)}`,
        row.pageData == null ? '–' : `${(row.pageData / 1024).toFixed(1)} KB`,
        seconds(row.dev?.coldMs),
        seconds(row.dev?.warmMs),
        millis(row.dev?.firstViewMs),
        row.dev?.editMs ? `${millis(median(row.dev.editMs))} (${row.dev.editMs.map((v) => Math.round(v)).join(', ')})` : '–',
        row.dev?.editMs ? `${row.dev.reloads === 0 ? 'yes' : `${row.dev.reloads} reloads`}, ${row.dev.scrollKept ? 'yes' : 'no'}` : '–',
        outcome(row.dev?.syntaxError),
        outcome(row.dev?.typeError),
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}
