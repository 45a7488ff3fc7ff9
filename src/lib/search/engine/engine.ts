import { LIST_FACETS, NUMERIC_FIELDS, RANGE_FACETS, searchTextOf } from '../attributes.ts';
import type { SearchDoc } from '../documents.ts';
import {
  filterGroups,
  parseFacetFilter,
  parseIndexName,
  parseNumericFilter,
  type FacetStats,
  type NumericCondition,
  type SearchParams,
  type SearchRequest,
  type SearchResult,
  type SortSpec,
} from './protocol.ts';
import { TextIndex } from './text-index.ts';

interface FacetColumn {
  /** Per document: 0 = no value, else 1 + index into values. */
  codes: Uint32Array;
  values: string[];
  index: Map<string, number>;
}

/**
 * What the engine needs to know about a document shape: its list facets, its numeric fields (ranges,
 * stats, sorting), the range facets a `facets: ['*']` request adds, and the pre-tokenized text both
 * backends search. Field names may be dotted paths into nested objects (`manufacturer.name`), as in
 * Meilisearch.
 */
export interface EngineSchema<D> {
  listFacets: readonly string[];
  numericFields: readonly string[];
  rangeFacets: readonly string[];
  textOf(doc: D): string;
}

/** The vehicle stock search (the default). */
export const VEHICLE_SCHEMA: EngineSchema<SearchDoc> = {
  listFacets: LIST_FACETS,
  numericFields: NUMERIC_FIELDS,
  rangeFacets: RANGE_FACETS,
  textOf: searchTextOf,
};

/** A field of a document by name or dotted path (`model.body`), as Meilisearch reads nested fields. */
export function fieldOf(doc: object, path: string): unknown {
  let v: unknown = (doc as Record<string, unknown>)[path];
  if (v !== undefined || !path.includes('.')) return v;
  v = doc;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** A field as a facet value string, the way Meilisearch reports facet values. */
function facetString(doc: object, path: string): string | undefined {
  const v = fieldOf(doc, path);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
}

type Predicate = (doc: number) => boolean;

/**
 * The embedded search engine: documents in the default order (index = rank), facet columns, numeric
 * columns and a text index, all built lazily on first use. Answers the InstantSearch protocol with
 * the same hits, counts and facet values as the Meilisearch backend (tests/conformance).
 */
export class SearchEngine<D extends { id: string } = SearchDoc> {
  readonly docs: readonly D[];
  readonly n: number;
  readonly schema: EngineSchema<D>;
  private readonly numeric: Set<string>;
  private textIndex: TextIndex | undefined;
  private readonly facetColumns = new Map<string, FacetColumn>();
  private readonly numericColumns = new Map<string, Float64Array>();
  private readonly orders = new Map<string, Int32Array>();

  constructor(docs: readonly D[], schema?: EngineSchema<D>) {
    this.docs = docs;
    this.n = docs.length;
    this.schema = schema ?? (VEHICLE_SCHEMA as unknown as EngineSchema<D>);
    this.numeric = new Set(this.schema.numericFields);
  }

  get text(): TextIndex {
    this.textIndex ??= new TextIndex(
      this.docs.map((d) =>
        this.schema
          .textOf(d)
          .split(' ')
          .filter((t) => t !== ''),
      ),
    );
    return this.textIndex;
  }

  facetColumn(attribute: string): FacetColumn {
    let col = this.facetColumns.get(attribute);
    if (col) return col;
    const codes = new Uint32Array(this.n);
    const values: string[] = [];
    const index = new Map<string, number>();
    this.docs.forEach((d, i) => {
      const v = facetString(d, attribute);
      if (v === undefined) return;
      let c = index.get(v);
      if (c === undefined) {
        c = values.length;
        values.push(v);
        index.set(v, c);
      }
      codes[i] = c + 1;
    });
    col = { codes, values, index };
    this.facetColumns.set(attribute, col);
    return col;
  }

  numericColumn(attribute: string): Float64Array {
    let col = this.numericColumns.get(attribute);
    if (col) return col;
    col = new Float64Array(this.n);
    this.docs.forEach((d, i) => {
      const v = fieldOf(d, attribute);
      (col as Float64Array)[i] = typeof v === 'number' ? v : Number.NaN;
    });
    this.numericColumns.set(attribute, col);
    return col;
  }

  /** Document positions by `sort`; missing values last; ties keep the default order. */
  order(sort: SortSpec | undefined): Int32Array | undefined {
    if (!sort) return undefined;
    const key = `${sort.attribute}:${sort.order}`;
    let o = this.orders.get(key);
    if (o) return o;
    const col = this.numericColumn(sort.attribute);
    const dir = sort.order === 'asc' ? 1 : -1;
    o = Int32Array.from({ length: this.n }, (_, i) => i).sort((a, b) => {
      const x = col[a] as number;
      const y = col[b] as number;
      const xm = Number.isNaN(x);
      const ym = Number.isNaN(y);
      if (xm || ym) return xm === ym ? a - b : xm ? 1 : -1;
      return (x - y) * dir || a - b;
    });
    this.orders.set(key, o);
    return o;
  }

  private facetPredicate(group: string[]): Predicate {
    const tests: Predicate[] = [];
    for (const f of group) {
      const cond = parseFacetFilter(f);
      if (!cond) throw new Error(`Unreadable facet filter "${f}" (expected attribute:value)`);
      if (this.numeric.has(cond.attribute) && !this.schema.listFacets.includes(cond.attribute)) {
        const num = this.numericColumn(cond.attribute);
        const want = Number(cond.value);
        tests.push(cond.negated ? (d) => num[d] !== want : (d) => num[d] === want);
        continue;
      }
      const col = this.facetColumn(cond.attribute);
      const code = (col.index.get(cond.value) ?? -2) + 1;
      const codes = col.codes;
      tests.push(cond.negated ? (d) => codes[d] !== code : (d) => codes[d] === code);
    }
    return (d) => tests.some((t) => t(d));
  }

  private numericPredicate(group: string[]): Predicate {
    const conds: { col: Float64Array; c: NumericCondition }[] = group.map((f) => {
      const c = parseNumericFilter(f);
      if (!c) throw new Error(`Unreadable numeric filter "${f}" (expected e.g. price>=1000)`);
      return { col: this.numericColumn(c.attribute), c };
    });
    return (d) =>
      conds.some(({ col, c }) => {
        const x = col[d] as number;
        if (Number.isNaN(x)) return false;
        switch (c.operator) {
          case '<':
            return x < c.value;
          case '<=':
            return x <= c.value;
          case '=':
            return x === c.value;
          case '!=':
            return x !== c.value;
          case '>=':
            return x >= c.value;
          case '>':
            return x > c.value;
        }
      });
  }

  /** Which documents match a query's text and filters. */
  matches(params: SearchParams): Uint8Array {
    const ok = new Uint8Array(this.n);
    const text = params.query ? this.text.search(params.query) : undefined;
    const predicates = [
      ...filterGroups(params.facetFilters).map((g) => this.facetPredicate(g)),
      ...filterGroups(params.numericFilters).map((g) => this.numericPredicate(g)),
    ];
    for (let d = 0; d < this.n; d++) {
      if (text && !text.has(d)) continue;
      let pass = true;
      for (const p of predicates)
        if (!p(d)) {
          pass = false;
          break;
        }
      if (pass) ok[d] = 1;
    }
    return ok;
  }

  search(request: SearchRequest): SearchResult<D> {
    const started = performance.now();
    const params = request.params ?? {};
    const { sort } = parseIndexName(request.indexName);
    const ok = this.matches(params);
    let nbHits = 0;
    for (let d = 0; d < this.n; d++) nbHits += ok[d] as number;

    const hitsPerPage = Math.max(0, params.hitsPerPage ?? 20);
    const page = Math.max(0, params.page ?? 0);
    const from = page * hitsPerPage;
    const hits: (D & { objectID: string })[] = [];
    const order = this.order(sort);
    let seen = 0;
    for (let k = 0; k < this.n && hits.length < hitsPerPage; k++) {
      const d = order ? (order[k] as number) : k;
      if (!ok[d]) continue;
      if (seen++ < from) continue;
      const doc = this.docs[d] as D;
      hits.push({ ...doc, objectID: doc.id });
    }

    const requested = params.facets === undefined ? [] : typeof params.facets === 'string' ? [params.facets] : [...params.facets];
    const facetNames = requested.includes('*') ? [...this.schema.listFacets, ...this.schema.rangeFacets] : requested;
    const facets: Record<string, Record<string, number>> = {};
    const stats: Record<string, FacetStats> = {};
    for (const name of facetNames) {
      if (this.numeric.has(name)) {
        const s = this.stats(name, ok);
        if (s) stats[name] = s;
        if (!this.schema.listFacets.includes(name)) continue;
      }
      facets[name] = this.counts(name, ok);
    }
    return {
      hits,
      nbHits,
      page,
      nbPages: hitsPerPage > 0 ? Math.ceil(nbHits / hitsPerPage) : 0,
      hitsPerPage,
      facets,
      facets_stats: stats,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      query: params.query ?? '',
      params: '',
      index: request.indexName,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }

  private counts(attribute: string, ok: Uint8Array): Record<string, number> {
    const col = this.facetColumn(attribute);
    const counts = new Uint32Array(col.values.length + 1);
    const codes = col.codes;
    for (let d = 0; d < this.n; d++) {
      if (!ok[d]) continue;
      const c = codes[d] as number;
      counts[c] = (counts[c] as number) + 1;
    }
    const out: Record<string, number> = {};
    col.values.forEach((v, i) => {
      const c = counts[i + 1] as number;
      if (c > 0) out[v] = c;
    });
    return out;
  }

  private stats(attribute: string, ok: Uint8Array): FacetStats | undefined {
    const col = this.numericColumn(attribute);
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    for (let d = 0; d < this.n; d++) {
      if (!ok[d]) continue;
      const x = col[d] as number;
      if (Number.isNaN(x)) continue;
      if (x < min) min = x;
      if (x > max) max = x;
      sum += x;
      count++;
    }
    return count ? { min, max, avg: sum / count, sum } : undefined;
  }

  /** Answers an InstantSearch multi-query. */
  multiSearch(requests: readonly SearchRequest[]): { results: SearchResult<D>[] } {
    return { results: requests.map((r) => this.search(r)) };
  }
}
