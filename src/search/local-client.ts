/**
 * Answers one request of the hosted service's API from the local index, in its response shape
 * (`{ hits, nbHits, page, nbPages, hitsPerPage, query, queryID, … }`): the worker answers every search with it.
 */
import { HITS_PER_PAGE } from '../contract/constants';
import { searchPage, type LoadedIndex } from './engine';
import { Highlighter } from './text';
import {
  HIERARCHY_LEVELS,
  type HighlightResult,
  type HierarchyLevel,
  type SearchHit,
  type SearchParams,
  type SearchRecord,
  type SearchRequest,
  type SearchResponse,
  type SnippetResult,
} from './types';

const DEFAULT_SNIPPET_WORDS = 10;

/** `hierarchy.lvl1:10` → ['hierarchy.lvl1', 10]. */
function parseSnippetAttribute(spec: string): [string, number] {
  const [name = '', words] = spec.split(':');
  const n = Number(words);
  return [name, Number.isInteger(n) && n > 0 ? n : DEFAULT_SNIPPET_WORDS];
}

function pick(record: SearchRecord, attributes: readonly string[] | undefined): SearchHit {
  if (!attributes || attributes.includes('*')) return { ...record };
  const hit: SearchHit = { objectID: record.objectID };
  const target = hit as unknown as Record<string, unknown>;
  for (const attribute of attributes) {
    const [head = '', sub] = attribute.split('.');
    const value = (record as unknown as Record<string, unknown>)[head];
    if (value === undefined) continue;
    if (sub === undefined) {
      target[head] = value;
    } else if (value && typeof value === 'object') {
      const nested = (target[head] as Record<string, unknown> | undefined) ?? {};
      nested[sub] = (value as Record<string, unknown>)[sub];
      target[head] = nested;
    }
  }
  return hit;
}

function fieldText(record: SearchRecord, attribute: string): string | null {
  if (attribute === 'content') return record.content;
  const level = attribute.replace(/^hierarchy\./, '') as HierarchyLevel;
  return attribute.startsWith('hierarchy.') && HIERARCHY_LEVELS.includes(level) ? record.hierarchy[level] : null;
}

function toHit(record: SearchRecord, marks: Highlighter, params: SearchParams): SearchHit {
  const hit = pick(record, params.attributesToRetrieve);

  const highlights: Partial<Record<HierarchyLevel, HighlightResult>> = {};
  for (const level of HIERARCHY_LEVELS) {
    const text = record.hierarchy[level];
    if (text !== null) highlights[level] = marks.highlight(text);
  }
  hit._highlightResult = { hierarchy: highlights };
  if (record.content !== null) hit._highlightResult.content = marks.highlight(record.content);

  const snippets: Partial<Record<HierarchyLevel, SnippetResult>> = {};
  let content: SnippetResult | undefined;
  for (const spec of params.attributesToSnippet ?? []) {
    const [attribute, length] = parseSnippetAttribute(spec);
    const text = fieldText(record, attribute);
    if (text === null) continue;
    const result = marks.snippet(text, length);
    if (attribute === 'content') content = result;
    else snippets[attribute.replace(/^hierarchy\./, '') as HierarchyLevel] = result;
  }
  if (params.attributesToSnippet) hit._snippetResult = { hierarchy: snippets, ...(content ? { content } : {}) };
  return hit;
}

const queryId = () =>
  Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

function encodeParams(params: SearchParams): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

/** Answers one request over a loaded index. */
export function answer(index: LoadedIndex, request: SearchRequest): SearchResponse {
  const started = Date.now();
  const { params: nested, indexName, ...flat } = request;
  const params: SearchParams = { ...nested, ...flat };
  const query = params.query ?? '';
  const hitsPerPage = Math.max(0, Math.floor(params.hitsPerPage ?? HITS_PER_PAGE));
  const page = Math.max(0, Math.floor(params.page ?? 0));
  const distinct = params.distinct === true ? 1 : Math.max(0, Math.floor(Number(params.distinct ?? 0)));
  const { hits: ranked, nbHits, words, terms } = searchPage(index, query, params.facetFilters, page * hitsPerPage, hitsPerPage, distinct);
  const marks = new Highlighter(words, terms, {
    pre: params.highlightPreTag ?? '<em>',
    post: params.highlightPostTag ?? '</em>',
    ellipsis: params.snippetEllipsisText ?? '…',
  });
  return {
    hits: ranked.map(({ record }) => toHit(record, marks, params)),
    nbHits,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage),
    hitsPerPage,
    query,
    params: encodeParams(params),
    index: indexName,
    queryID: queryId(),
    processingTimeMS: Date.now() - started,
    exhaustiveNbHits: true,
  };
}
