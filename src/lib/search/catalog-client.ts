import { CATALOG_CACHE_LIMIT, CATALOG_SCHEMAS, restrictToDealership, type CatalogDoc, type CatalogKind } from './catalog.ts';
import { cachedClient, type MultiSearchClient } from './catalog-cache.ts';
import { normalisingClient } from './client.ts';
import { SearchEngine, type EngineSchema } from './engine/engine.ts';
import type { MultiResponse } from './engine/protocol.ts';

export type CatalogClient = MultiSearchClient<MultiResponse<CatalogDoc>>;

/** The embedded engine over one search's documents, with that search's schema. */
export function catalogEngine(kind: CatalogKind, docs: readonly CatalogDoc[]): SearchEngine<CatalogDoc> {
  return new SearchEngine<CatalogDoc>(docs, CATALOG_SCHEMAS[kind] as EngineSchema<CatalogDoc>);
}

export function engineClient(load: () => Promise<SearchEngine<CatalogDoc>>): CatalogClient {
  return { search: async (requests) => (await load()).multiSearch(requests) };
}

/**
 * What every small search sends, whichever backend answers: queries normalised as for the stock
 * search, offers restricted to the dealership, and (where a request is made) the spec's small result
 * cache in front.
 */
export function catalogClient(kind: CatalogKind, inner: CatalogClient, opts: { dealership?: string | undefined; cache?: boolean } = {}): CatalogClient {
  const normalised = normalisingClient(inner);
  const restricted: CatalogClient =
    kind === 'offers' && opts.dealership !== undefined
      ? { search: (requests) => normalised.search(requests.map((r) => restrictToDealership(r, opts.dealership as string))) }
      : normalised;
  return opts.cache ? cachedClient(restricted, CATALOG_CACHE_LIMIT[kind]) : restricted;
}
