#!/usr/bin/env node
// Uploads the build's search records to the hosted index. See scripts/lib/search-push.mjs and --help.
import { algoliasearch } from 'algoliasearch';
import {
  PushError,
  USAGE,
  formatSummary,
  hostOption,
  parsePushArgs,
  pushCredentials,
  pushRecords,
  readRecords,
  summarize,
} from './lib/search-push.mjs';

async function main() {
  const options = parsePushArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const records = readRecords(options.publicDir);
  const summary = summarize(records);
  if (options.dryRun) {
    const indexName = options.indexName ?? process.env.GATSBY_DOCSEARCH_INDEX_NAME ?? '(not set)';
    console.log(`Dry run: nothing sent.\n${formatSummary(summary, indexName)}`);
    return;
  }
  const { appId, adminKey, indexName } = pushCredentials(process.env, options);
  const client = algoliasearch(appId, adminKey, options.host ? { hosts: hostOption(options.host) } : undefined);
  const started = Date.now();
  await pushRecords(client, { indexName, records, batchSize: options.batchSize });
  console.log(`Pushed ${summary.records} records from ${summary.pages} pages to "${indexName}" in ${Date.now() - started} ms.`);
}

main().catch((error) => {
  console.error(error instanceof PushError ? error.message : `search:push failed: ${error?.message ?? error}`);
  process.exitCode = 1;
});
