/**
 * `npm run search:push`: uploads the build's search records (public/search-records.json) to the hosted index
 * with the official client, replacing its content atomically. The testable parts live here.
 */
import fs from 'fs';
import path from 'path';
import { parseCliArgs } from './cli.mjs';

export const RECORDS_FILE = 'search-records.json';
export const ADMIN_KEY_ENV = 'DOCSEARCH_ADMIN_API_KEY';
export const APP_ID_ENV = 'GATSBY_DOCSEARCH_APP_ID';
export const INDEX_NAME_ENV = 'GATSBY_DOCSEARCH_INDEX_NAME';

/** Index settings DocSearch's UI expects: contextual facets, ranking like the local engine, typo budget. */
export const INDEX_SETTINGS = {
  attributesForFaceting: ['language', 'docusaurus_tag', 'type'],
  searchableAttributes: [
    'unordered(defines)',
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(keywords)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'unordered(code)',
    'content',
  ],
  customRanking: ['desc(weight.level)', 'asc(weight.pageRank)', 'asc(weight.position)'],
  // The modal and the search page ask for a few sections per page (distinct), as the local engine groups them.
  attributeForDistinct: 'url_without_anchor',
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  ignorePlurals: true,
  queryType: 'prefixLast',
};

export class PushError extends Error {}

export function parsePushArgs(argv) {
  let values;
  try {
    values = parseCliArgs(argv, {
      'dry-run': { type: 'boolean' },
      public: { type: 'string' },
      'index-name': { type: 'string' },
      host: { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
  } catch (err) {
    throw new PushError(`${err.message}. Try --help.`);
  }
  const options = {
    dryRun: values['dry-run'] ?? false,
    publicDir: values.public ?? 'public',
    indexName: values['index-name'] ?? null,
    host: values.host ?? null,
    batchSize: values['batch-size'] === undefined ? 1000 : Number(values['batch-size']),
  };
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1) throw new PushError('--batch-size must be a positive integer.');
  if (values.help) options.help = true;
  return options;
}

export const USAGE = `Usage: npm run search:push -- [--dry-run] [--public DIR] [--index-name NAME] [--batch-size N]

Uploads public/${RECORDS_FILE} (written by \`npm run build\`) to the hosted search index, replacing its records.
Needs ${APP_ID_ENV}, ${ADMIN_KEY_ENV} (an admin key: never the public search key) and ${INDEX_NAME_ENV}
(or --index-name). --dry-run prints the counts and a sample record and sends nothing.`;

export function readRecords(publicDir) {
  const file = path.join(publicDir, RECORDS_FILE);
  if (!fs.existsSync(file)) throw new PushError(`${file} does not exist. Run \`npm run build\` first.`);
  const records = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(records) || records.some((r) => typeof r?.objectID !== 'string')) {
    throw new PushError(`${file} is not a list of search records.`);
  }
  return records;
}

export function summarize(records) {
  const byType = {};
  for (const r of records) byType[r.type] = (byType[r.type] ?? 0) + 1;
  return {
    records: records.length,
    pages: new Set(records.map((r) => r.url_without_anchor)).size,
    byType,
    bytes: Buffer.byteLength(JSON.stringify(records)),
    sample: records.find((r) => r.type === 'content') ?? records[0] ?? null,
  };
}

export function formatSummary(summary, indexName) {
  const types = Object.entries(summary.byType)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  return [
    `${summary.records} records from ${summary.pages} pages (${types}), ${Math.round(summary.bytes / 1024)} KB, for index "${indexName}".`,
    'Sample record:',
    JSON.stringify(summary.sample, null, 2),
  ].join('\n');
}

/** The credentials from the environment; names what is missing. */
export function pushCredentials(env, options) {
  const indexName = options.indexName ?? env[INDEX_NAME_ENV]?.trim();
  const appId = env[APP_ID_ENV]?.trim();
  const adminKey = env[ADMIN_KEY_ENV]?.trim();
  const missing = [
    !appId && APP_ID_ENV,
    !adminKey && ADMIN_KEY_ENV,
    !indexName && `${INDEX_NAME_ENV} (or --index-name)`,
  ].filter(Boolean);
  if (missing.length > 0) throw new PushError(`Cannot push: set ${missing.join(', ')}.`);
  return { appId, adminKey, indexName };
}

/** `http://127.0.0.1:8080` → the client's host option (tests point the client at a loopback server). */
export function hostOption(host) {
  const url = new URL(host);
  return [{ url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol: url.protocol.replace(':', ''), accept: 'readWrite' }];
}

/** Sets the index settings, then replaces every record (temporary index + move, so search never sees half). */
export async function pushRecords(client, { indexName, records, batchSize }) {
  await client.setSettings({ indexName, indexSettings: INDEX_SETTINGS });
  return client.replaceAllObjects({ indexName, objects: records, batchSize });
}
