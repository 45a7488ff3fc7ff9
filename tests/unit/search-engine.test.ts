import { describe, expect, it } from 'vitest';
import type { SearchDoc } from '../../src/lib/search/documents.ts';
import { packIndex, unpackIndex } from '../../src/lib/search/engine/codec.ts';
import { SearchEngine } from '../../src/lib/search/engine/engine.ts';
import { normaliseQuery, parseQuery, tokenize } from '../../src/lib/search/engine/tokenize.ts';
import { automatonDistance, distanceLowerBound, typosAllowed } from '../../src/lib/search/engine/typo.ts';
import { parseFacetFilter, parseIndexName, parseNumericFilter } from '../../src/lib/search/engine/protocol.ts';

let rank = 0;
const doc = (id: string, make: string, model: string, over: Partial<SearchDoc> = {}): SearchDoc => ({
  id,
  rank: rank++,
  slug: `${make}-${model}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  make,
  model,
  make_model: `${make} > ${model}`,
  car_type: 'used',
  status: 'in_stock',
  sold: false,
  reserved: false,
  preorder: false,
  certified: false,
  ...over,
});

const DOCS: SearchDoc[] = [
  doc('10', 'Toyota', 'HiLux', { badge: 'SR5 4x4', price: 52_990, km: 41_000, colour: 'White', body: 'ute', year: 2021 }),
  doc('11', 'Toyota', 'HiLux', { badge: 'Workmate 4x2', price: 31_990, km: 90_000, colour: 'Silver', body: 'ute', year: 2019 }),
  doc('12', 'Mazda', 'CX-5', { badge: 'Maxx Sport', price: 28_500, km: 60_000, colour: 'Red', body: 'suv', year: 2020, car_type: 'demo' }),
  doc('13', 'Ford', 'Ranger', { badge: 'Wildtrak', colour: 'White', body: 'ute', year: 2023, car_type: 'new' }),
  doc('14', 'Toyota', 'LandCruiser 300', { badge: 'GR Sport', price: 139_000, km: 10, colour: 'Black', body: 'suv', year: 2024, car_type: 'new' }),
  doc('15', 'Hyundai', 'i30', { badge: 'N Line', price: 24_000, colour: 'White', body: 'hatch', year: 2022 }),
];

const engine = new SearchEngine(DOCS);
const ids = (query: string, params: Record<string, unknown> = {}, indexName = 'Car_production') =>
  engine.search({ indexName, params: { query: normaliseQuery(query), hitsPerPage: 50, ...params } }).hits.map((h) => h.id);

describe('query normalisation (both backends get the same words)', () => {
  it('lower-cases, folds accents and splits on anything but letters and digits', () => {
    expect(tokenize('Škoda CX-5 2.5L  Hi-Lux')).toEqual(['skoda', 'cx', '5', '2', '5l', 'hi', 'lux']);
    expect(normaliseQuery('  Toyota   HiLux')).toBe('toyota hilux');
    expect(normaliseQuery('hilux ')).toBe('hilux ');
    expect(normaliseQuery('hilux-')).toBe('hilux ');
    expect(parseQuery('hilux sr')).toEqual({ words: ['hilux', 'sr'], lastIsPrefix: true });
    expect(parseQuery('hilux sr ').lastIsPrefix).toBe(false);
    expect(parseQuery('a b c d e f g h i j k').words).toHaveLength(10);
    expect(parseQuery('a b c d e f g h i j k').lastIsPrefix).toBe(false);
  });
});

describe("Meilisearch's typo rules", () => {
  it('0 typos under 5 letters, 1 from 5, 2 from 9', () => {
    expect(typosAllowed('hilu')).toBe(0);
    expect(typosAllowed('hilux')).toBe(1);
    expect(typosAllowed('wildtrak')).toBe(1);
    expect(typosAllowed('landcruis')).toBe(2);
  });

  it('counts a transposition as one typo and stops the prefix automaton where Meilisearch does', () => {
    expect(automatonDistance('hilxu', 'hilux', 1, false)).toBe(1);
    expect(automatonDistance('hilux', 'hiluxes', 1, true)).toBe(0);
    // Two deleted query letters then the last letter: the crate's prefix automaton does not accept it.
    expect(automatonDistance('abcdefgxxh', 'abcdefghijkl', 2, true)).toBe(3);
    expect(automatonDistance('abcdefgxxhi', 'abcdefghijkl', 2, true)).toBe(2);
    expect(distanceLowerBound('abcdefgxxh', 'abcdefghijkl', 2, true)).toBe(2);
  });
});

describe('embedded engine', () => {
  it('finds by prefix (hilu finds HiLux), with a typo, but not with a first-letter typo', () => {
    expect(ids('hilu')).toEqual(['10', '11']);
    expect(ids('hilix')).toEqual(['10', '11']);
    expect(ids('ihlux')).toEqual([]);
    expect(ids('hilux sr5')).toEqual(['10']);
    expect(ids('hilux s ')).toEqual([]);
  });

  it('matches concatenated and split words', () => {
    expect(ids('hi lux')).toEqual(['10', '11']);
    expect(ids('cx5')).toEqual(['12']);
    expect(ids('land cruiser')).toEqual(['14']);
  });

  it('filters by facets (OR within, AND across) and numeric ranges, and counts facets', () => {
    expect(ids('', { facetFilters: [['make:Toyota', 'make:Ford'], ['colour:White']] })).toEqual(['10', '13']);
    expect(ids('', { facetFilters: [['make:-Toyota']] })).toEqual(['12', '13', '15']);
    expect(ids('', { numericFilters: ['price>=25000', 'price<=60000'] })).toEqual(['10', '11', '12']);
    const r = engine.search({ indexName: 'Car_production', params: { query: '', facets: ['colour', 'price', 'year'], facetFilters: [['body:ute']] } });
    expect(r.facets).toEqual({ colour: { White: 2, Silver: 1 }, year: { '2021': 1, '2019': 1, '2023': 1 } });
    expect(r.facets_stats?.['price']).toMatchObject({ min: 31_990, max: 52_990 });
  });

  it('sorts by price both ways with unpriced cars last, and pages', () => {
    expect(ids('', {}, 'Car_production:price:desc')).toEqual(['14', '10', '11', '12', '15', '13']);
    expect(ids('', {}, 'Car_production:price:asc')).toEqual(['15', '12', '11', '10', '14', '13']);
    const page = engine.search({ indexName: 'Car_production', params: { query: '', hitsPerPage: 4, page: 1 } });
    expect(page.hits.map((h) => h.id)).toEqual(['14', '15']);
    expect([page.nbHits, page.nbPages, page.page]).toEqual([6, 2, 1]);
  });

  it('reads the InstantSearch protocol', () => {
    expect(parseIndexName('Car_production:created_at:desc')).toEqual({ index: 'Car_production', sort: { attribute: 'created_at', order: 'desc' } });
    expect(parseIndexName('Car_production')).toEqual({ index: 'Car_production' });
    expect(parseFacetFilter('make:-Toyota')).toEqual({ attribute: 'make', value: 'Toyota', negated: true });
    expect(parseFacetFilter('tag:\\-50% off')).toEqual({ attribute: 'tag', value: '-50% off', negated: false });
    expect(parseNumericFilter('price<=5000')).toEqual({ attribute: 'price', operator: '<=', value: 5000 });
    expect(() => engine.search({ indexName: 'x', params: { numericFilters: ['price~1'] } })).toThrow(/Unreadable numeric filter "price~1"/);
    // An extreme range end, as JavaScript writes it (issue 27: the search threw).
    expect(parseNumericFilter('price>=1e+308')).toEqual({ attribute: 'price', operator: '>=', value: 1e308 });
    expect(parseNumericFilter('price<=5e-7')).toEqual({ attribute: 'price', operator: '<=', value: 5e-7 });
    expect(parseNumericFilter('price<=1e+999')).toBeUndefined();
    expect(ids('', { numericFilters: ['price>=1e+308'] })).toEqual([]);
    expect(ids('', { numericFilters: ['price>=-1e+308', 'price<=1e+308'] })).toEqual(ids('', { numericFilters: ['price>=-1000000000'] }));
  });
});

describe('index file', () => {
  it('packs and unpacks documents exactly, deriving slugs and make_model instead of storing them', () => {
    const docs = DOCS.map((d, i) => ({
      ...d,
      rank: i,
      stocknum: `SMG${i}`,
      slug: i === 0 ? `${d.year} ${d.make} ${d.model} ${d.badge} smg0`.toLowerCase().replace(/[^a-z0-9]+/g, '-') : d.slug,
      photo: i % 2 ? 'ab'.repeat(16) : undefined,
      photo_colour: i % 2 ? '#123456' : undefined,
    }));
    const clean = docs.map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)));
    const packed = packIndex(clean as unknown as SearchDoc[], undefined);
    expect(packed.slug[0]).toBe(0);
    expect(unpackIndex(JSON.parse(JSON.stringify(packed)))).toEqual(clean);
    expect(() => unpackIndex({ ...packed, v: 9 as 1 })).toThrow(/rebuild the site/);
  });
});
