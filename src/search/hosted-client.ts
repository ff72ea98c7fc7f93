/**
 * The hosted search service through the official lite client. Its defaults are the timeouts the site wants:
 * connect/read/write timeouts 1 s / 2 s / 30 s, a failed host is skipped for 2 minutes, reads are cached in
 * memory. `hosts` is only set by tests (a loopback server answering `/1/indexes/*\/queries`).
 */
import { liteClient } from 'algoliasearch/lite';
import type { SearchClientLike, SearchRequest, SearchResponse } from './types';

export interface HostedClientOptions {
  appId: string;
  apiKey: string;
  hosts?: Array<{ url: string; protocol: 'http' | 'https'; port?: number }>;
}

export function createHostedSearchClient({ appId, apiKey, hosts }: HostedClientOptions): SearchClientLike {
  const client = liteClient(
    appId,
    apiKey,
    hosts ? { hosts: hosts.map((h) => ({ ...h, accept: 'readWrite' as const })) } : undefined,
  );
  return {
    async search({ requests }) {
      // The hosted API takes flat parameters; DocSearch or older callers may nest them under `params`.
      const flat = requests.map(({ params, ...rest }: SearchRequest) => ({ ...params, ...rest }));
      const response = await client.search({ requests: flat as Array<{ indexName: string }> });
      return { results: response.results as unknown as SearchResponse[] };
    },
  };
}
