/**
 * The offers search on both backends: the same InstantSearch requests (category and price filters, a
 * text query, 21 per page, restricted to the dealership) go to the embedded engine, exactly as the
 * browser reads the offers index, and to a real Meilisearch with the offers index settings, and must
 * give the same hit ids, counts, pages, facet counts and price bounds.
 * Needs MEILI_HOST and MEILI_MASTER_KEY (or MEILI_ADMIN_KEY): skipped locally without them, FAILS when CI=true.
 */
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_HITS_PER_PAGE, OFFER_SCHEMA, type CatalogDoc, type OfferDoc } from '../../src/lib/search/catalog.ts';
import { catalogClient, catalogEngine, engineClient, type CatalogClient } from '../../src/lib/search/catalog-client.ts';
import type { SearchRequest, SearchResult } from '../../src/lib/search/engine/protocol.ts';
import { meiliClient } from '../../src/lib/search/meili/browser-client.ts';
import { adminKeyFromEnv, pushIndex, scopedSearchKey } from '../../src/io/meili-push.ts';
import { catalogMeiliDocuments, catalogMeiliSettings } from '../../src/lib/search/meili/settings.ts';

const host = process.env['MEILI_HOST'];
const adminKey = adminKeyFromEnv();
const ready = Boolean(host && adminKey);
const INDEX = 'Offer_production';

it('has a Meilisearch to compare the offers search against when CI=true', () => {
  if (process.env['CI'] === 'true' || process.env['CI'] === '1')
    expect(ready, 'CI must run the conformance suite against Meilisearch: eval "$(bash scripts/ci/meilisearch.sh)" first').toBe(true);
});

const MODELS = [
  ['Toyota', 'HiLux'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Corolla'],
  ['Toyota', 'LandCruiser Prado'],
  ['Ford', 'Ranger'],
  ['Ford', 'Everest'],
  ['Hyundai', 'Tucson'],
  ['Kia', 'Sportage'],
  ['Isuzu', 'D-MAX'],
  ['Mazda', 'CX-5'],
  ['Yamaha', 'MT-07'],
] as const;
const CATEGORIES = ['Drive Away', 'Finance', 'Servicing', 'Demo Clearance', 'Bonus Accessories'];
const TEMPLATES = [
  (m: string) => `${m} from drive away`,
  (m: string) => `${m} low rate finance at 2.99% p.a.`,
  (m: string) => `${m} with 3 years free servicing`,
  (m: string) => `${m} demo clearance`,
  (m: string) => `${m} bonus genuine accessories`,
];

/** 70 offers of two dealerships (the restriction must leave the other's out), some without a category or price. */
export function offerFixture(): OfferDoc[] {
  const out: OfferDoc[] = [];
  for (let i = 0; i < 70; i++) {
    const [make, model] = MODELS[i % MODELS.length] as readonly [string, string];
    const c = (i * 7) % CATEGORIES.length;
    out.push({
      id: `offer-${i}`,
      rank: i,
      href: `/offers/offer-${i}`,
      name: (TEMPLATES[c] as (m: string) => string)(`${make} ${model}`),
      description: `Offer ${i} on the ${model}: ${i % 3 === 0 ? 'hybrid and diesel' : 'petrol'} models in stock now.`,
      category: i % 13 === 12 ? undefined : CATEGORIES[c],
      price: i % 9 === 8 ? undefined : 15000 + ((i * 3779) % 90000),
      manufacturer: make,
      model_name: model,
      dealership: i % 4 === 3 ? 'other-dealer' : 'coastal',
    });
  }
  return out;
}

function comparable(r: SearchResult<CatalogDoc>) {
  const facets = Object.fromEntries(
    Object.entries(r.facets ?? {})
      .filter(([attr, values]) => Object.keys(values).length > 0 && OFFER_SCHEMA.listFacets.includes(attr))
      .map(([attr, values]) => [attr, Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)))]),
  );
  const stats = Object.fromEntries(Object.entries(r.facets_stats ?? {}).map(([attr, s]) => [attr, { min: s.min, max: s.max }]));
  return { ids: r.hits.map((h) => String(h.id)), nbHits: r.nbHits, nbPages: r.nbPages, page: r.page, facets, stats };
}

const req = (params: SearchRequest['params']): SearchRequest => ({
  indexName: INDEX,
  params: { hitsPerPage: CATALOG_HITS_PER_PAGE, page: 0, facets: ['category', 'price'], ...params },
});

/** The offers searches a shopper makes: text, category (one and two), price ranges, paging, empty results. */
export function offerScenarios(): { name: string; requests: SearchRequest[] }[] {
  const disjunctive = (query: string, categories: string[], extra: SearchRequest['params'] = {}) => [
    req({ query, facetFilters: [categories.map((c) => `category:${c}`)], ...extra }),
    req({ query, facets: ['category'], hitsPerPage: 0, ...(extra.numericFilters ? { numericFilters: extra.numericFilters } : {}) }),
  ];
  return [
    { name: 'all offers (first page of 21)', requests: [req({ query: '' })] },
    { name: 'page 2', requests: [req({ query: '', page: 1 })] },
    { name: 'past the last page', requests: [req({ query: '', page: 9 })] },
    ...['hilux', 'hilu', 'hilix', 'ranger finance', 'servicing', 'servcing', 'cx5', 'cx-5', 'd-max', 'land cruiser', 'hybrid', '2.99', 'zzqxv', 'demo '].map(
      (q) => ({ name: `query "${q}"`, requests: [req({ query: q })] }),
    ),
    { name: 'category Finance', requests: disjunctive('', ['Finance']) },
    { name: 'categories Servicing or Drive Away', requests: disjunctive('', ['Servicing', 'Drive Away']) },
    { name: 'category with a query', requests: disjunctive('toyota', ['Drive Away']) },
    { name: 'price up to 40000', requests: [req({ query: '', numericFilters: ['price<=40000'] })] },
    { name: 'price 30000 to 60000 in a category', requests: disjunctive('', ['Finance'], { numericFilters: ['price>=30000', 'price<=60000'] }) },
    { name: 'price with a query', requests: [req({ query: 'ford', numericFilters: ['price>=20000'] })] },
    { name: 'empty by filters', requests: disjunctive('', ['Nonexistent']) },
    { name: 'empty by price', requests: [req({ query: '', numericFilters: ['price>=500000'] })] },
  ];
}

describe.skipIf(!ready)('offers search conformance: embedded engine vs Meilisearch', () => {
  const docs = offerFixture();
  const indexName = `${INDEX}_conformance_${process.pid}`;
  let embedded: CatalogClient;
  let meili: CatalogClient;

  beforeAll(async () => {
    await pushIndex(
      { host: host as string, adminKey: adminKey as string, indexName },
      catalogMeiliDocuments('offers', docs),
      catalogMeiliSettings('offers', docs.length),
    );
    const searchKey = await scopedSearchKey({ host: host as string, adminKey: adminKey as string, indexName });
    // The embedded engine exactly as the browser gets it (the index file is the documents as JSON).
    const engine = catalogEngine('offers', JSON.parse(JSON.stringify(docs)) as CatalogDoc[]);
    embedded = catalogClient(
      'offers',
      engineClient(async () => engine),
      { dealership: 'coastal' },
    );
    meili = catalogClient('offers', meiliClient(host as string, searchKey) as unknown as CatalogClient, { dealership: 'coastal' });
  }, 120_000);

  afterAll(async () => {
    if (ready) await new Meilisearch({ host: host as string, apiKey: adminKey as string }).deleteIndexIfExists(indexName);
  });

  const rename = (requests: SearchRequest[]) => requests.map((r) => ({ ...r, indexName: r.indexName.replace(INDEX, indexName) }));
  async function both(requests: SearchRequest[]) {
    const [a, b] = await Promise.all([embedded.search(requests), meili.search(rename(requests))]);
    return { embedded: a.results.map(comparable), meili: b.results.map(comparable) };
  }

  it('restricts every request to the dealership on both backends', async () => {
    const r = await both([req({ query: '' })]);
    const own = docs.filter((d) => d.dealership === 'coastal').length;
    expect(r.embedded[0]?.nbHits).toBe(own);
    expect(r.meili[0]?.nbHits).toBe(own);
    expect(own).toBeGreaterThan(CATALOG_HITS_PER_PAGE * 2);
  });

  it('every offers scenario gives the same hits, counts, facets and price bounds', async () => {
    const found: Record<string, number> = {};
    for (const s of offerScenarios()) {
      const r = await both(s.requests);
      expect(r.embedded, s.name).toEqual(r.meili);
      found[s.name] = r.embedded[0]?.nbHits ?? 0;
    }
    // The scenarios say something: typos, splits and filters find offers, the empty ones find none.
    expect(found['query "hilix"']).toBeGreaterThan(0);
    expect(found['query "cx5"']).toBeGreaterThan(0);
    expect(found['query "servcing"']).toBeGreaterThan(0);
    expect(found['categories Servicing or Drive Away']).toBeGreaterThan(found['category Finance'] ?? 0);
    expect(found['price 30000 to 60000 in a category']).toBeGreaterThan(0);
    expect(found['empty by filters']).toBe(0);
    expect(found['query "zzqxv"']).toBe(0);
  }, 60_000);
});
