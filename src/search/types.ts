/**
 * Shapes shared by the build-time record writer, the local engine and the hosted client. They follow the
 * hosted search service's record and response shapes, so the DocSearch modal and /search do not care which
 * backend answers.
 */

export type HierarchyLevel = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type RecordType = Exclude<HierarchyLevel, 'lvl0'> | 'content';
export type Hierarchy = { lvl0: string } & { [K in Exclude<HierarchyLevel, 'lvl0'>]: string | null };

export const HIERARCHY_LEVELS: readonly HierarchyLevel[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** One searchable record (a page, a section heading or a block of content), in DocSearch's record shape. */
export interface SearchRecord {
  objectID: string;
  /** Site-relative URL with the `#anchor` of the section, e.g. `/docs/api/atom#effects`. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  language: string;
  /** The docs tag contextual search filters on, e.g. `docs-default-current`. */
  docusaurus_tag: string;
  /** Identifiers that appear only in the section's code blocks (searchable, not shown). */
  code?: string;
  /** Frontmatter keywords of the page and its sidebar label (page records only). */
  keywords?: string;
  /** Names the page's API signatures declare (page records only), e.g. `atom AtomOptions AtomEffect`. */
  defines?: string;
  weight: {
    /** Position of the page in the sidebar, 0 first: ties are broken by it. */
    pageRank: number;
    /** 100 for a page, 90 for h2 … 50 for h6, 0 for content. */
    level: number;
    /** Position of the record within its page. */
    position: number;
    /**
     * Set on every record of a page that compares or lists changes (an upgrade guide, a comparison): it names terms
     * other pages explain, so it ranks after any page that holds the query as well.
     */
    overview?: true;
  };
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

type FieldResults<T> = {
  hierarchy?: Partial<Record<HierarchyLevel, T>>;
  content?: T;
};

export interface SearchHit extends Partial<Omit<SearchRecord, 'objectID'>> {
  objectID: string;
  _highlightResult?: FieldResults<HighlightResult>;
  _snippetResult?: FieldResults<SnippetResult>;
}

/** `facetFilters` as the hosted service takes them: AND of entries, an inner array is an OR. */
export type FacetFilters = ReadonlyArray<string | readonly string[]> | string;

/** The search parameters both backends honour. */
export interface SearchParams {
  query?: string;
  hitsPerPage?: number;
  page?: number;
  facetFilters?: FacetFilters;
  attributesToRetrieve?: readonly string[];
  attributesToSnippet?: readonly string[];
  attributesToHighlight?: readonly string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  clickAnalytics?: boolean;
  /** Grouping by page (`url_without_anchor`): at most this many records per page (true: 1); pages are then what is paged and counted. */
  distinct?: boolean | number;
}

/** One request as DocSearch sends it: flat parameters (v5 clients) or nested under `params`. */
export interface SearchRequest extends SearchParams {
  indexName: string;
  params?: SearchParams;
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  index: string;
  queryID: string;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
}

export interface SearchClientLike {
  search(args: { requests: readonly SearchRequest[] }): Promise<{ results: SearchResponse[] }>;
}
