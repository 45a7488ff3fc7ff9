/** The offers, models and parts searches: their URL builder, the dealership restriction, the small result caches and the engine over their documents. */
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { OfferSchema, PartSchema } from '../../src/lib/content/schemas.ts';
import {
  CATALOG_CACHE_LIMIT,
  CATALOG_HITS_PER_PAGE,
  cardImage,
  offerDisclaimer,
  restrictToDealership,
  type CatalogDoc,
  type ModelDoc,
  type OfferDoc,
} from '../../src/lib/search/catalog.ts';
import { cachedClient } from '../../src/lib/search/catalog-cache.ts';
import { catalogClient, catalogEngine, engineClient } from '../../src/lib/search/catalog-client.ts';
import { catalogLink, emptyCatalogState, parseCatalogUrl } from '../../src/lib/search/catalog-url.ts';
import { clearFiltersTarget, EMPTY_OFFERS_TEXT } from '../../src/lib/search/empty-state.ts';
import type { SearchRequest } from '../../src/lib/search/engine/protocol.ts';

const offer = (i: number, o: Partial<OfferDoc> = {}): OfferDoc => ({
  id: `o${i}`,
  rank: i,
  href: `/offers/o${i}`,
  name: `Offer ${i}`,
  description: 'A deal',
  dealership: 'coastal',
  ...o,
});

const OFFERS: OfferDoc[] = [
  offer(0, { name: 'HiLux SR5 drive away', category: 'Drive Away', price: 64990, manufacturer: 'Toyota', model_name: 'HiLux' }),
  offer(1, { name: 'RAV4 Hybrid finance', category: 'Finance', price: 47990, manufacturer: 'Toyota', model_name: 'RAV4' }),
  offer(2, { name: 'Corolla servicing', category: 'Servicing', price: 34990 }),
  offer(3, { name: 'Yaris Cross drive away', category: 'Drive Away', price: 33990 }),
  offer(4, { name: 'Accessories 20% off', category: 'Parts' }),
  offer(5, { name: 'HiLux at the other dealer', category: 'Drive Away', price: 30000, dealership: 'elsewhere' }),
];

describe('the small searches: link builder', () => {
  it('writes query, facets, a price range and the page on the search’s own page; parses them back', () => {
    const s = { query: 'hilux sr5', page: 2, refinements: { category: ['Drive Away', 'Finance'] }, range: { max: 40000 } };
    const href = catalogLink('offers', s);
    expect(href).toBe('/special-offers?query=hilux+sr5&category=Drive+Away&category=Finance&range[price]=:40000&page=2');
    expect(parseCatalogUrl('offers', href)).toEqual(s);
    expect(catalogLink('offers')).toBe('/special-offers');
    expect(catalogLink('models', { refinements: { 'manufacturer.name': ['Toyota'], 'model.body': ['suv'] } })).toBe('/models?manufacturer=Toyota&body=suv');
    expect(parseCatalogUrl('models', '/models?manufacturer=Toyota&model=HiLux&body=ute')).toEqual({
      ...emptyCatalogState(),
      refinements: { 'manufacturer.name': ['Toyota'], 'model.name': ['HiLux'], 'model.body': ['ute'] },
    });
    expect(catalogLink('parts', { query: 'oil filter' })).toBe('/parts/search?query=oil+filter');
  });

  it('reads $ and commas in a price range, the no-JavaScript form’s two inputs, and ignores what it does not know', () => {
    expect(parseCatalogUrl('offers', '/special-offers?range[price]=$20,000:$50,000').range).toEqual({ min: 20000, max: 50000 });
    expect(parseCatalogUrl('offers', '/special-offers?range%5Bprice%5D%5Bmin%5D=&range%5Bprice%5D%5Bmax%5D=40000').range).toEqual({ max: 40000 });
    expect(parseCatalogUrl('models', '/models?range[price]=1:2&colour=Red&page=x')).toEqual(emptyCatalogState());
  });

  it('the empty offers state has the spec’s text and Clear Filters goes to /special-offers', () => {
    expect(EMPTY_OFFERS_TEXT).toBe('There appears to be no offers currently available that meet the conditions of your search.');
    expect(clearFiltersTarget('offers')).toBe(catalogLink('offers'));
  });
});

describe('the offers search', () => {
  const engine = catalogEngine('offers', OFFERS);
  const client = catalogClient(
    'offers',
    engineClient(async () => engine),
    { dealership: 'coastal' },
  );
  const search = async (params: SearchRequest['params']) =>
    (await client.search([{ indexName: 'Offer_production', params: { hitsPerPage: CATALOG_HITS_PER_PAGE, facets: ['category', 'price'], ...params } }]))
      .results[0];

  it('is restricted to the dealership on every request', async () => {
    const all = await search({ query: '' });
    expect(all?.nbHits).toBe(5);
    expect(all?.hits.map((h) => h.id)).toEqual(['o0', 'o1', 'o2', 'o3', 'o4']);
    expect(restrictToDealership({ indexName: 'x', params: { facetFilters: [['category:Finance']] } }, 'coastal').params?.facetFilters).toEqual([
      ['category:Finance'],
      ['dealership:coastal'],
    ]);
  });

  it('filters by category (OR within), price and text, and counts categories', async () => {
    expect((await search({ query: '', facetFilters: [['category:Drive Away']] }))?.hits.map((h) => h.id)).toEqual(['o0', 'o3']);
    expect((await search({ query: '', facetFilters: [['category:Drive Away', 'category:Servicing']] }))?.nbHits).toBe(3);
    expect((await search({ query: '', numericFilters: ['price<=40000'] }))?.hits.map((h) => h.id)).toEqual(['o2', 'o3']);
    expect((await search({ query: 'hilix' }))?.hits.map((h) => h.id)).toEqual(['o0']);
    const all = await search({ query: '' });
    expect(all?.facets?.['category']).toEqual({ 'Drive Away': 2, Finance: 1, Servicing: 1, Parts: 1 });
    expect(all?.facets_stats?.['price']).toMatchObject({ min: 33990, max: 64990 });
  });

  it("does not throw on an extreme price range (issue 27): the filter InstantSearch writes is read, a link's is dropped", async () => {
    expect((await search({ query: '', numericFilters: ['price>=1e+308'] }))?.nbHits).toBe(0);
    // Every priced offer (one has no price).
    expect((await search({ query: '', numericFilters: ['price>=-1e+308', 'price<=1e+308'] }))?.nbHits).toBe(4);
    expect(parseCatalogUrl('offers', '/special-offers?range[price]=1e308:1e309').range).toEqual({});
    expect(parseCatalogUrl('offers', '/special-offers?range[price][min]=1e308&range[price][max]=40000').range).toEqual({ max: 40000 });
  });

  it('pages 21 at a time', async () => {
    const many = Array.from({ length: 50 }, (_, i) => offer(i));
    const c = catalogClient(
      'offers',
      engineClient(async () => catalogEngine('offers', many)),
      { dealership: 'coastal' },
    );
    const page = async (p: number) => (await c.search([{ indexName: 'Offer_production', params: { hitsPerPage: CATALOG_HITS_PER_PAGE, page: p } }])).results[0];
    expect(CATALOG_HITS_PER_PAGE).toBe(21);
    expect((await page(0))?.hits).toHaveLength(21);
    expect((await page(2))?.hits.map((h) => h.id)).toEqual(Array.from({ length: 8 }, (_, i) => `o${42 + i}`));
    expect((await page(0))?.nbPages).toBe(3);
  });

  it('card text: the disclaimer cut at 100 characters; the card crop of a picture', () => {
    const long = 'x'.repeat(150);
    expect(offerDisclaimer(long)).toBe(`${'x'.repeat(100)}...`);
    expect(offerDisclaimer(undefined)).toBeUndefined();
    const variant = (w: number, h: number) => ({ url: `/img/${w}.webp`, width: w, height: h });
    const photo = {
      ok: true as const,
      source: 's',
      sizes: [variant(640, 360)],
      card: { small: variant(528, 385), large: variant(800, 407) },
      thumb: variant(160, 120),
      colour: '#123',
    };
    expect(cardImage(photo, 'alt')).toEqual({
      src: '/img/528.webp',
      srcset: '/img/528.webp 528w, /img/800.webp 800w',
      width: 528,
      height: 385,
      colour: '#123',
      alt: 'alt',
    });
  });

  it('offers.json takes a category and a whole-dollar price', () => {
    expect(v.safeParse(OfferSchema, { id: 'a', name: 'A', description: 'd', category: 'Finance', price: 47990 }).success).toBe(true);
    expect(v.safeParse(OfferSchema, { id: 'a', name: 'A', description: 'd', price: -1 }).success).toBe(false);
    expect(v.safeParse(PartSchema, { id: 'oil-filter', name: 'Oil filter', part_number: '90915-YZZE1', price: 22 }).success).toBe(true);
  });
});

describe('the manufacturers and models search', () => {
  const model = (i: number, make: string, name: string, body: string): ModelDoc => ({
    id: `m${i}`,
    rank: i,
    href: `/models/m${i}`,
    title: `${make} ${name}`,
    manufacturer: { name: make },
    model: { name, body },
    stock: 3,
  });
  const engine = catalogEngine('models', [model(0, 'Ford', 'Ranger', 'ute'), model(1, 'Toyota', 'HiLux', 'ute'), model(2, 'Toyota', 'RAV4', 'suv')]);
  const search = (params: SearchRequest['params']) => engine.search({ indexName: 'Model_production', params: { hitsPerPage: 21, ...params } });

  it('filters manufacturer.name, model.name and model.body (nested fields) and a query', () => {
    expect(search({ facetFilters: [['manufacturer.name:Toyota']] }).hits.map((h) => h.id)).toEqual(['m1', 'm2']);
    expect(search({ facetFilters: [['model.body:ute'], ['manufacturer.name:Toyota']] }).hits.map((h) => h.id)).toEqual(['m1']);
    expect(search({ facetFilters: [['model.name:Ranger']] }).hits.map((h) => h.id)).toEqual(['m0']);
    expect(search({ query: 'toyota ute' }).hits.map((h) => h.id)).toEqual(['m1']);
    expect(search({ facets: ['model.body'] }).facets?.['model.body']).toEqual({ ute: 2, suv: 1 });
  });
});

describe('small result caches', () => {
  it('the spec’s sizes: offers about 11, manufacturers 10', () => {
    expect(CATALOG_CACHE_LIMIT.offers).toBe(11);
    expect(CATALOG_CACHE_LIMIT.models).toBe(10);
  });

  it('answers a repeated request from the cache and evicts the oldest past the limit', async () => {
    const inner = { search: vi.fn(async (r: readonly SearchRequest[]) => ({ results: r.map(() => ({ hits: [] as CatalogDoc[] })) })) };
    const cache = cachedClient(inner, 3);
    const q = (query: string): SearchRequest[] => [{ indexName: 'i', params: { query } }];
    await cache.search(q('a'));
    await cache.search(q('a'));
    expect(inner.search).toHaveBeenCalledTimes(1);
    await cache.search(q('b'));
    await cache.search(q('c'));
    await cache.search(q('d'));
    expect(cache.size()).toBe(3);
    await cache.search(q('a'));
    expect(inner.search).toHaveBeenCalledTimes(5);
    await cache.search(q('d'));
    expect(inner.search).toHaveBeenCalledTimes(5);
  });

  it('does not keep a failed answer', async () => {
    let fail = true;
    const inner = { search: vi.fn(async () => (fail ? Promise.reject(new Error('down')) : { results: [] })) };
    const cache = cachedClient(inner, 11);
    await expect(cache.search([])).rejects.toThrow('down');
    await Promise.resolve();
    fail = false;
    await expect(cache.search([])).resolves.toEqual({ results: [] });
    expect(inner.search).toHaveBeenCalledTimes(2);
  });
});
