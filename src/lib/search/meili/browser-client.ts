import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import type { DealerSearchClient } from '../client.ts';
import { MEILI_SEARCH_PARAMS } from './settings.ts';

/** The browser's Meilisearch client: a search-only key scoped to the tenant's index, never the admin key. */
export function meiliClient(host: string, searchKey: string): DealerSearchClient {
  const { searchClient } = instantMeiliSearch(host, searchKey, {
    primaryKey: 'id',
    finitePagination: true,
    meiliSearchParams: { ...MEILI_SEARCH_PARAMS, attributesToHighlight: [...MEILI_SEARCH_PARAMS.attributesToHighlight] },
  });
  return searchClient as unknown as DealerSearchClient;
}
