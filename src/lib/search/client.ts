import type { SearchDoc } from './documents.ts';
import type { SearchEngine } from './engine/engine.ts';
import { filterGroups, parseIndexName, type MultiResponse, type SearchRequest } from './engine/protocol.ts';
import { sortNumericFilters } from './sort.ts';
import { normaliseQuery } from './engine/tokenize.ts';

/** What InstantSearch needs from a search client (both backends implement it). */
export interface DealerSearchClient {
  search(requests: readonly SearchRequest[]): Promise<MultiResponse<SearchDoc>>;
}

/** Which backend a built site searches, as the build decided it (see scripts/lib/outputs/search-index.ts). */
export type SearchBackendConfig =
  | { backend: 'embedded'; indexName: string; indexUrl: string }
  | {
      backend: 'meili';
      indexName: string;
      indexUrl: string;
      host: string;
      searchKey: string;
      /** The offers index, when the build pushed it (the offers search then asks Meilisearch too). */
      offersIndexName?: string | undefined;
    };

/**
 * What a search page tells its island about the backend: the build's config without the embedded
 * index's file name. That name changes with every stock change; the island reads it from the index
 * pointer (src/lib/search/index-pointer.ts), so the pages stay byte-identical when no car they show changed.
 */
export type PageSearchConfig = SearchBackendConfig extends infer C ? (C extends SearchBackendConfig ? Omit<C, 'indexUrl'> : never) : never;

export function pageSearchConfig(config: SearchBackendConfig): PageSearchConfig {
  const { indexUrl: _omitted, ...rest } = config;
  return rest;
}

/** Every query reaches both backends in the same normalised form (see engine/tokenize.ts). */
export function normalisingClient<R = MultiResponse<SearchDoc>>(inner: {
  search(requests: readonly SearchRequest[]): Promise<R>;
}): {
  search(requests: readonly SearchRequest[]): Promise<R>;
} {
  return {
    search: (requests) =>
      inner.search(requests.map((r) => ({ ...r, params: { ...r.params, query: normaliseQuery(typeof r.params?.query === 'string' ? r.params.query : '') } }))),
  };
}

/**
 * Sorting by price ascending adds price > 0 on tenants configured for it. Applied to the requests
 * (not as an InstantSearch Configure filter, which would clash with the price slider's refinements).
 */
export function withSortFilters(inner: DealerSearchClient, priceAscendingExcludesZero: boolean): DealerSearchClient {
  if (!priceAscendingExcludesZero) return inner;
  return {
    search: (requests) =>
      inner.search(
        requests.map((r) => {
          const sort = parseIndexName(r.indexName).sort;
          if (!(sort?.attribute === 'price' && sort.order === 'asc')) return r;
          const existing = filterGroups(r.params?.numericFilters);
          return { ...r, params: { ...r.params, numericFilters: [...existing, ...sortNumericFilters('price_asc', true)] } };
        }),
      ),
  };
}

/** The embedded backend: the engine is loaded on the first search, never before. */
export function embeddedClient(loadEngine: () => Promise<SearchEngine>): DealerSearchClient {
  return {
    search: async (requests) => (await loadEngine()).multiSearch(requests),
  };
}

/**
 * The Meilisearch backend, falling back to the embedded index for good if Meilisearch cannot be
 * reached from the browser (the shopper keeps a working search instead of an error).
 */
export function withFallback<R = MultiResponse<SearchDoc>>(
  primary: { search(requests: readonly SearchRequest[]): Promise<R> },
  fallback: { search(requests: readonly SearchRequest[]): Promise<R> },
  onFallback?: (err: unknown) => void,
): { search(requests: readonly SearchRequest[]): Promise<R> } {
  let failed = false;
  return {
    search: async (requests) => {
      if (!failed) {
        try {
          return await primary.search(requests);
        } catch (err) {
          failed = true;
          onFallback?.(err);
        }
      }
      return fallback.search(requests);
    },
  };
}
