import type { Settings } from 'meilisearch';
import { FILTERABLE_ATTRIBUTES, SORTABLE_ATTRIBUTES, searchTextOf } from '../attributes.ts';
import type { SearchDoc } from '../documents.ts';

/** What is pushed to Meilisearch: the search document plus its ranking key and pre-tokenized text. */
export type MeiliDocument = SearchDoc & { custom_rank: number; search_text: string };

export const DEFAULT_INDEX_NAME = 'Car_production';

export function meiliDocuments(docs: readonly SearchDoc[], customRanks: readonly number[]): MeiliDocument[] {
  return docs.map((d, i) => ({ ...d, custom_rank: customRanks[i] ?? 0, search_text: searchTextOf(d) }));
}

/**
 * Index settings that make Meilisearch answer like the embedded engine: one pre-tokenized searchable
 * attribute in English (no language guessing on short model names such as "bz4x"), default order
 * custom_rank descending with rank as the tie-break, and facet and pagination limits raised to the
 * stock size so counts are exact.
 */
export function meiliSettings(stockSize: number): Settings {
  const limit = Math.max(1000, stockSize);
  return {
    searchableAttributes: ['search_text'],
    displayedAttributes: ['*'],
    filterableAttributes: [...FILTERABLE_ATTRIBUTES],
    sortableAttributes: [...SORTABLE_ATTRIBUTES],
    rankingRules: ['sort', 'custom_rank:desc', 'rank:asc', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
    localizedAttributes: [{ attributePatterns: ['search_text'], locales: ['eng'] }],
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
    faceting: { maxValuesPerFacet: limit, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: limit },
  };
}

/** Search parameters every browser query sends (set through instant-meilisearch). */
export const MEILI_SEARCH_PARAMS = {
  matchingStrategy: 'all',
  attributesToHighlight: [],
} as const;
