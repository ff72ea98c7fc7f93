// The hosted search service as the hosted-build specs see it: nothing may leave the machine, so its requests are
// answered here with the site's own engine over the build's records (public-hosted/search-records.json).
import fs from 'fs';
import path from 'path';
import type { Page, Route } from '@playwright/test';
import { indexRecords } from '../src/search/engine';
import { answer } from '../src/search/local-client';
import type { SearchRecord, SearchRequest } from '../src/search/types';

const records = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'public-hosted', 'search-records.json'), 'utf8'),
) as SearchRecord[];
export const engine = indexRecords(records);

// Any host of the hosted service (its search hosts and the insights API alike).
const HOSTED = /^https:\/\/[^/]*\.(?:algolia\.net|algolianet\.com|algolia\.io)\//;
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' };

export interface Recorded {
  url: URL;
  headers: Record<string, string>;
  requests: SearchRequest[];
}

/** Answers the hosted service's search requests (or fails them) and records what was asked. */
export async function fakeHostedService(page: Page, { down = false } = {}) {
  const recorded: Recorded[] = [];
  await page.route(HOSTED, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(request.url());
    const body = (request.postDataJSON() ?? {}) as { requests?: SearchRequest[] };
    recorded.push({ url, headers: request.headers(), requests: body.requests ?? [] });
    if (down) return route.abort('connectionrefused');
    const results = (body.requests ?? []).map((r) => answer(engine, r));
    return route.fulfill({ status: 200, headers: { ...CORS, 'content-type': 'application/json' }, body: JSON.stringify({ results }) });
  });
  return recorded;
}
