/**
 * The index file: MiniSearch over the build's records, with MiniSearch's own options doing the text work (the fields
 * searched and how each is read, the fields a hit shows, terms and stems) and its own serialisation. The build writes
 * it (buildSearchIndex); the browser loads it (loadSearchIndex).
 */
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import { identifierParts, tokenize, wordTerms } from '../text';
import type { HierarchyLevel, SearchRecord } from '../types';
import { vocabularyOf, type Vocabulary } from './typos';

/** Searched fields; named apart from the stored record fields, which MiniSearch extracts the same way. */
export type Field = 'defines' | 'title' | 'keywords' | 'code' | 'parents' | 'text' | 'parts';
export const FIELDS: readonly Field[] = ['defines', 'title', 'keywords', 'code', 'parents', 'text', 'parts'];

const LEVELS: readonly Exclude<HierarchyLevel, 'lvl0'>[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** What the index file keeps of each record: everything a hit shows (the index-only fields are searched only). */
const STORED_FIELDS: Array<keyof SearchRecord> = [
  'objectID',
  'url',
  'url_without_anchor',
  'anchor',
  'type',
  'hierarchy',
  'content',
  'language',
  'docusaurus_tag',
  'weight',
];

export type IndexedRecord = SearchRecord & { id: number };

/** A record's own heading: the page title of a page record, the section's heading of a section; none for body text. */
export const ownTitle = (doc: SearchRecord) => (doc.type === 'content' ? '' : (doc.hierarchy[doc.type] ?? ''));

/** The text of a searched field; a stored field's value as it is. */
function extractField(doc: IndexedRecord, field: string): unknown {
  switch (field as Field) {
    case 'defines':
      return doc.defines ?? '';
    case 'title':
      return ownTitle(doc);
    case 'parents': {
      // The headings above a section: "atom effects" finds the Effects section of the atom page.
      if (doc.type === 'content') return '';
      return LEVELS.slice(0, Math.max(0, LEVELS.indexOf(doc.type)))
        .map((l) => doc.hierarchy[l])
        .filter(Boolean)
        .join(' ');
    }
    case 'text':
      return doc.content ?? '';
    case 'code':
      return doc.code ?? '';
    case 'keywords':
      return doc.keywords ?? '';
    case 'parts':
      // The words inside the names a page declares, titles itself with or lists as keywords ("stan value" finds
      // `useStanValue`); not those of code blocks, whose local names would crowd the index.
      return [doc.defines, ownTitle(doc), doc.keywords].filter(Boolean).join(' ');
    default:
      return doc[field as keyof IndexedRecord];
  }
}

const MINISEARCH_OPTIONS: Options<IndexedRecord> = {
  fields: [...FIELDS],
  storeFields: STORED_FIELDS,
  extractField: extractField as Options<IndexedRecord>['extractField'],
  tokenize,
  // Declared names are matched as written (lower case): a stem would make `abort` one of `Aborted`'s names.
  processTerm: (term, field) =>
    field === 'parts' ? identifierParts(term) : field === 'defines' ? term.toLowerCase() : wordTerms(term),
  // Queries arrive as terms already (see queryWords).
  searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
};

export interface LoadedIndex {
  mini: MiniSearch<IndexedRecord>;
  /** The index's terms, for the words matched with typos (gathered on the first search that needs them). */
  vocabulary: () => Vocabulary;
}

const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/** An index over the records, without the file round trip (the build, tests, benchmarks). */
export function indexRecords(records: readonly SearchRecord[]): LoadedIndex {
  const mini = new MiniSearch<IndexedRecord>(MINISEARCH_OPTIONS);
  mini.addAll(records.map((record, id) => ({ ...record, id })));
  return { mini, vocabulary: once(() => vocabularyOf(mini.toJSON().index.map(([term]) => term))) };
}

/** The index file's text: MiniSearch's own serialisation, with the records' shown fields stored in it. */
export function buildSearchIndex(records: readonly SearchRecord[]): string {
  return JSON.stringify(indexRecords(records).mini);
}

export class SearchIndexFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchIndexFormatError';
  }
}

export function loadSearchIndex(json: string): LoadedIndex {
  try {
    // What MiniSearch.loadJSON does (parse, then loadJS), keeping the file's list of terms.
    const file = JSON.parse(json) as AsPlainObject;
    const mini = MiniSearch.loadJS<IndexedRecord>(file, MINISEARCH_OPTIONS);
    const terms = file.index.map(([term]) => term);
    return { mini, vocabulary: once(() => vocabularyOf(terms)) };
  } catch (error) {
    throw new SearchIndexFormatError(
      'The search index file is not an index this engine can load: rebuild the site (npm run build).',
      { cause: error },
    );
  }
}
