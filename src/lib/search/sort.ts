import { sortIndexName, type SortSpec } from './engine/protocol.ts';

/** The spec's four sort options; "most relevant" is the default order (custom_rank descending). */
export const SORT_OPTIONS = [
  { key: 'relevant', label: 'Most relevant', sort: undefined },
  { key: 'latest', label: 'Latest', sort: { attribute: 'created_at', order: 'desc' } },
  { key: 'price_desc', label: 'Highest price', sort: { attribute: 'price', order: 'desc' } },
  { key: 'price_asc', label: 'Lowest price', sort: { attribute: 'price', order: 'asc' } },
] as const satisfies readonly { key: string; label: string; sort: SortSpec | undefined }[];

export type SortKey = (typeof SORT_OPTIONS)[number]['key'];
export const DEFAULT_SORT: SortKey = 'relevant';

export function isSortKey(x: unknown): x is SortKey {
  return SORT_OPTIONS.some((o) => o.key === x);
}

/** The InstantSearch index name of a sort option (`Car_production:price:desc`). */
export function sortIndex(indexName: string, key: SortKey): string {
  return sortIndexName(indexName, SORT_OPTIONS.find((o) => o.key === key)?.sort);
}

export function sortKeyOfIndex(indexName: string, index: string): SortKey {
  return SORT_OPTIONS.find((o) => sortIndex(indexName, o.key) === index)?.key ?? DEFAULT_SORT;
}

/** Sorting by price ascending adds price > 0 on sites configured for it (unpriced cars would lead). */
export function sortNumericFilters(key: SortKey, priceAscendingExcludesZero: boolean): string[] {
  return key === 'price_asc' && priceAscendingExcludesZero ? ['price>0'] : [];
}
