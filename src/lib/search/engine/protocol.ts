/**
 * The subset of the Algolia search protocol InstantSearch speaks, which both our embedded client and
 * instant-meilisearch answer: a multi-query of { indexName, params } and one result per query.
 */
export type FilterGroup = string | readonly string[];
export type Filters = string | readonly FilterGroup[];

export interface SearchParams {
  query?: string;
  facets?: string | readonly string[];
  facetFilters?: Filters;
  numericFilters?: Filters;
  page?: number;
  hitsPerPage?: number;
  [key: string]: unknown;
}

export interface SearchRequest {
  indexName: string;
  params?: SearchParams;
}

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface SearchResult<T> {
  hits: (T & { objectID: string })[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  exhaustiveNbHits: boolean;
  exhaustiveFacetsCount: boolean;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

export interface MultiResponse<T> {
  results: SearchResult<T>[];
}

/** A sort replica is named `<index>:<attribute>:<asc|desc>` (instant-meilisearch's convention). */
export interface SortSpec {
  attribute: string;
  order: 'asc' | 'desc';
}

export function parseIndexName(indexName: string): { index: string; sort?: SortSpec } {
  const parts = indexName.split(':');
  const [index = indexName, attribute, order] = parts;
  if (parts.length === 3 && attribute && (order === 'asc' || order === 'desc')) return { index, sort: { attribute, order } };
  return { index: indexName };
}

export function sortIndexName(index: string, sort: SortSpec | undefined): string {
  return sort ? `${index}:${sort.attribute}:${sort.order}` : index;
}

export interface FacetCondition {
  attribute: string;
  value: string;
  negated: boolean;
}

/** "make:Toyota" -> { make, Toyota }; "make:-Toyota" negates; "make:\-x" is the literal "-x". */
export function parseFacetFilter(filter: string): FacetCondition | undefined {
  const i = filter.indexOf(':');
  if (i <= 0) return undefined;
  const attribute = filter.slice(0, i);
  let value = filter.slice(i + 1);
  let negated = false;
  if (value.startsWith('\\-')) value = value.slice(1);
  else if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  }
  return { attribute, value, negated };
}

export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';
export interface NumericCondition {
  attribute: string;
  operator: NumericOperator;
  value: number;
}

/**
 * `price>=1000`. The value may be written as JavaScript writes a number (`1e+21`, `5e-7`: what
 * InstantSearch sends for an extreme range end, issue 27, where the search threw); it must be finite.
 */
export function parseNumericFilter(filter: string): NumericCondition | undefined {
  const m = /^\s*([\w.]+)\s*(<=|>=|!=|<|>|=)\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$/i.exec(filter);
  if (!m) return undefined;
  const value = Number(m[3]);
  if (!Number.isFinite(value)) return undefined;
  return { attribute: m[1] as string, operator: m[2] as NumericOperator, value };
}

/** Filters as AND-of-OR groups. */
export function filterGroups(filters: Filters | undefined): string[][] {
  if (filters === undefined) return [];
  if (typeof filters === 'string') return filters.trim() ? [[filters]] : [];
  return filters.map((g) => (typeof g === 'string' ? [g] : [...g]));
}
