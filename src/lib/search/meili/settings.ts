import type { Settings } from 'meilisearch';
import { FILTERABLE_ATTRIBUTES, SORTABLE_ATTRIBUTES, searchTextOf } from '../attributes.ts';
import type { SearchDoc } from '../documents.ts';
import { CATALOG_SCHEMAS, type CatalogDoc, type CatalogKind } from '../catalog.ts';
import type { EngineSchema } from '../engine/engine.ts';

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

/** A small search's document as pushed: the document plus its pre-tokenized text. */
export type CatalogMeiliDocument = CatalogDoc & { search_text: string };

export function catalogMeiliDocuments(kind: CatalogKind, docs: readonly CatalogDoc[]): CatalogMeiliDocument[] {
  const schema = CATALOG_SCHEMAS[kind] as EngineSchema<CatalogDoc>;
  return docs.map((d) => ({ ...d, search_text: schema.textOf(d) }));
}

/**
 * The settings of a small search's index (offers, models, parts): the same text settings as the stock
 * index, its facets and numbers filterable, and the default order (file order: rank ascending) first,
 * as in the embedded engine.
 */
export function catalogMeiliSettings(kind: CatalogKind, size: number): Settings {
  const schema = CATALOG_SCHEMAS[kind] as EngineSchema<CatalogDoc>;
  const limit = Math.max(1000, size);
  return {
    searchableAttributes: ['search_text'],
    displayedAttributes: ['*'],
    filterableAttributes: [...new Set([...schema.listFacets, ...schema.numericFields])],
    sortableAttributes: [...schema.numericFields],
    rankingRules: ['sort', 'rank:asc', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
    localizedAttributes: [{ attributePatterns: ['search_text'], locales: ['eng'] }],
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
    faceting: { maxValuesPerFacet: limit, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: limit },
  };
}
