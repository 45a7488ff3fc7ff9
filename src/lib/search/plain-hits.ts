import { Meilisearch } from 'meilisearch';
import type { SearchDoc } from './documents.ts';
import type { SearchEngine } from './engine/engine.ts';
import { sortIndexName, type SortSpec } from './engine/protocol.ts';
import { DEFAULT_INDEX_NAME } from './meili/settings.ts';

/**
 * The spec's "plain hits fetch": a filter and a limit, answered by either backend with the same
 * documents in the same order (default order unless `sort` is given).
 */
export interface HitsQuery {
  /** attribute -> accepted values: OR within an attribute, AND across attributes. */
  anyOf?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  excludeIds?: readonly string[];
  /** Inclusive numeric bounds. */
  ranges?: Readonly<Record<string, { min?: number; max?: number }>>;
  limit: number;
  sort?: SortSpec;
}

export interface HitsBackend {
  hits(query: HitsQuery): Promise<SearchDoc[]>;
}

/** The query as InstantSearch-protocol filters (the embedded engine also reads "attr:-value" negations). */
export function hitsFilters(q: HitsQuery): { facetFilters: string[][]; numericFilters: string[] } {
  const facetFilters = Object.entries(q.anyOf ?? {}).map(([attr, values]) => values.map((v) => `${attr}:${String(v)}`));
  for (const id of q.excludeIds ?? []) facetFilters.push([`id:-${id}`]);
  const numericFilters: string[] = [];
  for (const [attr, { min, max }] of Object.entries(q.ranges ?? {})) {
    if (min !== undefined) numericFilters.push(`${attr}>=${min}`);
    if (max !== undefined) numericFilters.push(`${attr}<=${max}`);
  }
  return { facetFilters, numericFilters };
}

const quote = (v: string | number | boolean) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/** The same query as a Meilisearch filter (one expression per AND term). */
export function meiliFilter(q: HitsQuery): string[] {
  const out = Object.entries(q.anyOf ?? {}).map(([attr, values]) => values.map((v) => `${attr} = ${quote(v)}`).join(' OR '));
  for (const id of q.excludeIds ?? []) out.push(`id != ${quote(id)}`);
  for (const [attr, { min, max }] of Object.entries(q.ranges ?? {})) {
    if (min !== undefined) out.push(`${attr} >= ${min}`);
    if (max !== undefined) out.push(`${attr} <= ${max}`);
  }
  return out.filter((f) => f !== '');
}

export function embeddedHits(engine: SearchEngine, indexName = DEFAULT_INDEX_NAME): HitsBackend {
  return {
    hits: async (q) => {
      const { facetFilters, numericFilters } = hitsFilters(q);
      const res = engine.search({
        indexName: sortIndexName(indexName, q.sort),
        params: { query: '', facetFilters, numericFilters, hitsPerPage: q.limit, page: 0 },
      });
      return res.hits.map(({ objectID: _objectID, ...doc }) => doc);
    },
  };
}

export function meiliHits(host: string, apiKey: string, indexName = DEFAULT_INDEX_NAME): HitsBackend {
  const client = new Meilisearch({ host, apiKey });
  return {
    hits: async (q) => {
      const res = await client.index(indexName).search<SearchDoc & { custom_rank?: number; search_text?: string }>('', {
        filter: meiliFilter(q),
        limit: q.limit,
        ...(q.sort ? { sort: [`${q.sort.attribute}:${q.sort.order}`] } : {}),
      });
      return res.hits.map(({ custom_rank: _c, search_text: _s, ...doc }) => doc as SearchDoc);
    },
  };
}
