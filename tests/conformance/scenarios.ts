import { LIST_FACETS } from '../../src/lib/search/attributes.ts';
import type { SearchDoc } from '../../src/lib/search/documents.ts';
import type { SearchRequest } from '../../src/lib/search/engine/protocol.ts';
import type { TextIndex } from '../../src/lib/search/engine/text-index.ts';

export const INDEX = 'Car_production';
const ALL_FACETS = [...LIST_FACETS, 'price', 'km'];

export interface Scenario {
  name: string;
  requests: SearchRequest[];
}

function req(params: SearchRequest['params'], indexName = INDEX): SearchRequest {
  return { indexName, params: { hitsPerPage: 21, page: 0, facets: ALL_FACETS, ...params } };
}

/** The requests InstantSearch sends for disjunctive refinements: the main query plus one per refined facet. */
function disjunctive(query: string, refinements: Record<string, string[]>, extra: SearchRequest['params'] = {}, indexName = INDEX): SearchRequest[] {
  const groups = (except?: string) =>
    Object.entries(refinements)
      .filter(([attr]) => attr !== except)
      .map(([attr, values]) => values.map((v) => `${attr}:${v}`));
  return [
    req({ query, facetFilters: groups(), ...extra }, indexName),
    ...Object.keys(refinements).map((attr) =>
      req(
        {
          query,
          facetFilters: groups(attr),
          facets: [attr],
          hitsPerPage: 0,
          page: 0,
          ...(extra.numericFilters ? { numericFilters: extra.numericFilters } : {}),
        },
        indexName,
      ),
    ),
  ];
}

function topValue(docs: readonly SearchDoc[], attribute: string, rank = 0): string | undefined {
  const counts = new Map<string, number>();
  for (const d of docs) {
    const v = (d as unknown as Record<string, unknown>)[attribute];
    if (v !== undefined) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[rank]?.[0];
}

/** Named scenarios: query text, each facet, ranges, every sort, paging, empty result, the 1999 cap. */
export function scenarios(docs: readonly SearchDoc[]): Scenario[] {
  const out: Scenario[] = [];
  const add = (name: string, requests: SearchRequest[]) => out.push({ name, requests });

  add('whole stock, default order (count above the 1999 cap)', [req({ query: '' })]);
  for (const q of [
    'hilux',
    'hilu',
    'hilix',
    'toyota hilux',
    'hi lux',
    'ranger',
    'rangr',
    'ford ranger xlt',
    'diesel ute',
    'white suv',
    '2024',
    'hybrid',
    'landcruiser',
    'land cruiser',
    'cx5',
    'cx-5',
    'mu-x',
    'hilux ',
    'h',
    't',
    'co',
    'yamaha mt',
  ])
    add(`query "${q}"`, [req({ query: q })]);
  for (const attribute of LIST_FACETS) {
    const v = topValue(docs, attribute);
    if (v !== undefined) add(`facet ${attribute}=${v}`, disjunctive('', { [attribute]: [v] }));
  }
  const make1 = topValue(docs, 'make') ?? 'Toyota';
  const make2 = topValue(docs, 'make', 1) ?? 'Ford';
  add(`two makes (${make1} or ${make2}) with a body`, disjunctive('', { make: [make1, make2], body: [topValue(docs, 'body') ?? 'suv'] }));
  const model = docs.find((d) => d.make === make1)?.make_model;
  if (model) add(`make and model ${model}`, disjunctive('', { make: [make1], make_model: [model] }));
  add('used cars with a query', disjunctive('auto', { car_type: ['used'] }));
  add('price range 20000 to 50000', disjunctive('', { car_type: ['new', 'demo'] }, { numericFilters: ['price>=20000', 'price<=50000'] }));
  add('km up to 30000 and a make', disjunctive('', { make: [make1] }, { numericFilters: ['km<=30000'] }));
  add('price range with a query', [req({ query: 'toyota', numericFilters: ['price>=30000', 'price<=60000'] })]);
  for (const [attribute, order] of [
    ['created_at', 'desc'],
    ['price', 'desc'],
    ['price', 'asc'],
  ] as const) {
    add(`sort ${attribute} ${order}`, [req({ query: '' }, `${INDEX}:${attribute}:${order}`)]);
    add(
      `sort ${attribute} ${order}, page 3, refined`,
      disjunctive('', { body: [topValue(docs, 'body') ?? 'suv'] }, { page: 3 }, `${INDEX}:${attribute}:${order}`),
    );
  }
  add('sort price asc with price > 0 (price_ascending_excludes_zero)', [req({ query: '', numericFilters: ['price>0'] }, `${INDEX}:price:asc`)]);
  add('page 2', [req({ query: '', page: 2 })]);
  const total = docs.length;
  add('last page', [req({ query: '', page: Math.floor((total - 1) / 21) })]);
  add('past the last page', [req({ query: '', page: Math.floor((total - 1) / 21) + 3 })]);
  add('empty result by text', [req({ query: 'zzqxv' })]);
  add('empty result by filters', disjunctive('', { make: [make1], car_type: ['nonexistent'] }));
  add('similar cars shaped query', [
    req({
      query: '',
      hitsPerPage: 10,
      facets: [],
      facetFilters: [['status:in_stock'], ['car_type:new', 'car_type:demo']],
      numericFilters: ['price>=20000', 'price<=40000'],
    }),
  ]);
  return out;
}

/**
 * A sweep over the vocabulary: each word, its 3-letter prefix, and one-typo variants (substitution,
 * deletion, transposition, first-letter typo), so the two engines' text matching is compared on
 * thousands of real shopper-like inputs, not just the named cases.
 */
export function vocabularySweep(text: TextIndex, limit = 400): string[] {
  const words = text.vocabulary.filter((_, i) => i % Math.max(1, Math.floor(text.vocabulary.length / limit)) === 0);
  const queries = new Set<string>();
  for (const w of words) {
    queries.add(w);
    if (w.length > 3) queries.add(w.slice(0, 3));
    if (w.length >= 5) {
      const mid = Math.floor(w.length / 2);
      queries.add(`${w.slice(0, mid)}${w[mid] === 'e' ? 'a' : 'e'}${w.slice(mid + 1)}`);
      queries.add(w.slice(0, mid) + w.slice(mid + 1));
      queries.add(`${w.slice(0, mid)}${w[mid + 1] ?? ''}${w[mid] ?? ''}${w.slice(mid + 2)}`);
      queries.add(`x${w.slice(1)}`);
      queries.add(`${w} `);
    }
  }
  return [...queries];
}
