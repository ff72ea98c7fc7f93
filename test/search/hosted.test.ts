/** @jest-environment node */
import http from 'http';
import type { AddressInfo } from 'net';
import { createHostedSearchClient } from '@src/search/hosted-client';
import { contextualFacetFilters, isHostedSearch, relativeHitUrl, searchPageUrl } from '@src/search/config';
import { hostedSearchFromEnv, HostedSearchConfigError } from '@src/search/hosted-config';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A loopback stand-in for the hosted service: records requests, answers the queries endpoint. */
function startFakeService(status = 200) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body = data ? JSON.parse(data) : null;
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      if (status !== 200) return res.end(JSON.stringify({ message: 'Invalid API key', status }));
      const results = (body?.requests ?? []).map((r: { query: string; indexName: string }) => ({
        hits: [{ objectID: '1', url: 'https://stan.party/docs/api/atom#effects', hierarchy: { lvl0: 'API', lvl1: 'Atom' }, type: 'lvl1' }],
        nbHits: 1,
        page: 0,
        nbPages: 1,
        hitsPerPage: 20,
        query: r.query,
        params: '',
        index: r.indexName,
        queryID: 'abc',
        processingTimeMS: 1,
        exhaustiveNbHits: true,
      }));
      res.end(JSON.stringify({ results }));
    });
  });
  return new Promise<{ requests: Recorded[]; port: number; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        requests,
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

describe('createHostedSearchClient', () => {
  it('POSTs the requests to /1/indexes/*/queries with the credentials, and returns the results', async () => {
    const service = await startFakeService();
    try {
      const client = createHostedSearchClient({
        appId: 'APP',
        apiKey: 'search-key',
        hosts: [{ url: '127.0.0.1', port: service.port, protocol: 'http' }],
      });
      const facetFilters = contextualFacetFilters(
        { i18n: { defaultLocale: 'en', locales: [] }, search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } },
        'current',
      );
      const { results } = await client.search({
        requests: [{ indexName: 'stan-docs', query: 'atom', hitsPerPage: 20, facetFilters, highlightPreTag: '<mark>', highlightPostTag: '</mark>' }],
      });
      expect(results[0]).toMatchObject({ nbHits: 1, query: 'atom', queryID: 'abc' });
      expect(service.requests).toHaveLength(1);
      const [request] = service.requests;
      expect(request?.method).toBe('POST');
      expect(request?.url).toMatch(/^\/1\/indexes\/\*\/queries/);
      expect(request?.headers['x-algolia-application-id'] ?? request?.url).toMatch(/APP/);
      expect(request?.body).toEqual({
        requests: [
          {
            indexName: 'stan-docs',
            query: 'atom',
            hitsPerPage: 20,
            facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
          },
        ],
      });
    } finally {
      await service.close();
    }
  });

  it("filters a search of an older version by that version's docs tag, as DocSearch's contextual search does", async () => {
    const service = await startFakeService();
    try {
      const client = createHostedSearchClient({ appId: 'APP', apiKey: 'search-key', hosts: [{ url: '127.0.0.1', port: service.port, protocol: 'http' }] });
      const config = { i18n: { defaultLocale: 'en' as const, locales: [] }, search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };
      await client.search({ requests: [{ indexName: 'stan-docs', query: 'atom', facetFilters: contextualFacetFilters(config, '1.0.0-rc14') }] });
      expect(service.requests[0]?.body).toEqual({
        requests: [
          {
            indexName: 'stan-docs',
            query: 'atom',
            facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0.0-rc14']],
          },
        ],
      });
    } finally {
      await service.close();
    }
  });

  it('flattens requests that nest their parameters under params', async () => {
    const service = await startFakeService();
    try {
      const client = createHostedSearchClient({ appId: 'APP', apiKey: 'k', hosts: [{ url: '127.0.0.1', port: service.port, protocol: 'http' }] });
      await client.search({ requests: [{ indexName: 'i', params: { query: 'store', page: 2 } }] });
      expect(service.requests[0]?.body).toEqual({ requests: [{ indexName: 'i', query: 'store', page: 2 }] });
    } finally {
      await service.close();
    }
  });

  it('rejects with the API error the service answers', async () => {
    const service = await startFakeService(403);
    try {
      const client = createHostedSearchClient({ appId: 'APP', apiKey: 'bad', hosts: [{ url: '127.0.0.1', port: service.port, protocol: 'http' }] });
      await expect(client.search({ requests: [{ indexName: 'i', query: 'x' }] })).rejects.toMatchObject({ name: 'ApiError', status: 403 });
    } finally {
      await service.close();
    }
  });
});

describe('hosted search configuration', () => {
  const all = { GATSBY_DOCSEARCH_APP_ID: 'APP', GATSBY_DOCSEARCH_API_KEY: 'key', GATSBY_DOCSEARCH_INDEX_NAME: 'stan' };

  it('is off with none of the three variables and on with all three', () => {
    expect(hostedSearchFromEnv({})).toBeNull();
    expect(hostedSearchFromEnv({ GATSBY_DOCSEARCH_APP_ID: '  ' })).toBeNull();
    expect(hostedSearchFromEnv(all)).toEqual({ appId: 'APP', apiKey: 'key', indexName: 'stan' });
  });

  it('fails naming the missing variables when only some are set', () => {
    expect(() => hostedSearchFromEnv({ GATSBY_DOCSEARCH_APP_ID: 'APP' })).toThrow(HostedSearchConfigError);
    expect(() => hostedSearchFromEnv({ GATSBY_DOCSEARCH_APP_ID: 'APP' })).toThrow(
      'Hosted search is half configured: GATSBY_DOCSEARCH_APP_ID is set but GATSBY_DOCSEARCH_API_KEY, GATSBY_DOCSEARCH_INDEX_NAME are missing.',
    );
    expect(() => hostedSearchFromEnv({ ...all, GATSBY_DOCSEARCH_API_KEY: '' })).toThrow(
      'GATSBY_DOCSEARCH_APP_ID, GATSBY_DOCSEARCH_INDEX_NAME are set but GATSBY_DOCSEARCH_API_KEY is missing',
    );
  });

  it('picks the backend, the contextual filters and the search page URL from the site config', () => {
    const search = { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' };
    expect(isHostedSearch(search)).toBe(false);
    expect(isHostedSearch({ ...search, appId: 'A', apiKey: 'K' })).toBe(true);
    expect(contextualFacetFilters({ i18n: { defaultLocale: 'en', locales: [] }, search: { ...search, contextualSearch: false } }, 'current')).toBeUndefined();
    expect(searchPageUrl({ search }, 'atom effects & more')).toBe('/search?q=atom%20effects%20%26%20more');
    expect(searchPageUrl({ search }, '')).toBe('/search');
    expect(relativeHitUrl('https://stan.party/docs/api/atom#effects')).toBe('/docs/api/atom#effects');
    expect(relativeHitUrl('/docs/api/store')).toBe('/docs/api/store');
  });
});
