/**
 * One suite, two backends: the same InstantSearch requests go to the embedded engine (exactly as the
 * browser loads it) and to a real Meilisearch, and must give the same hit ids, counts and facets.
 * Needs MEILI_HOST and MEILI_MASTER_KEY (or MEILI_ADMIN_KEY), e.g. from
 *   eval "$(bash scripts/ci/meilisearch.sh)"
 * Without them it is skipped locally and FAILS when CI=true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisingClient, embeddedClient, type DealerSearchClient } from '../../src/lib/search/client.ts';
import type { SearchDoc } from '../../src/lib/search/documents.ts';
import type { SearchRequest, SearchResult } from '../../src/lib/search/engine/protocol.ts';
import { meiliClient } from '../../src/lib/search/meili/browser-client.ts';
import { meiliDocuments } from '../../src/lib/search/meili/settings.ts';
import { adminKeyFromEnv, pushIndex, scopedSearchKey } from '../../src/io/meili-push.ts';
import { embeddedHits, meiliHits } from '../../src/lib/search/plain-hits.ts';
import { similarCarsQuery } from '../../src/lib/search/similar.ts';
import { displayCount, sumFacetCounts } from '../../src/lib/search/count.ts';
import { buildFixture, type Fixture } from './fixture.ts';
import { INDEX, scenarios, vocabularySweep } from './scenarios.ts';
import { Meilisearch } from 'meilisearch';
import { LIST_FACETS } from '../../src/lib/search/attributes.ts';

const host = process.env['MEILI_HOST'];
const adminKey = adminKeyFromEnv();
const ready = Boolean(host && adminKey);

it('has a Meilisearch to compare against when CI=true', () => {
  if (process.env['CI'] === 'true' || process.env['CI'] === '1')
    expect(ready, 'CI must run the conformance suite against Meilisearch: eval "$(bash scripts/ci/meilisearch.sh)" first').toBe(true);
});

/** What must agree: hit ids in order, counts, pages, facet counts and the numeric facet bounds. */
function comparable(r: SearchResult<SearchDoc>) {
  const facets = Object.fromEntries(
    Object.entries(r.facets ?? {})
      // Range attributes are asked as facets only for their bounds (facets_stats), compared below.
      .filter(([attr, values]) => Object.keys(values).length > 0 && (LIST_FACETS as readonly string[]).includes(attr))
      .map(([attr, values]) => [attr, Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)))]),
  );
  const stats = Object.fromEntries(Object.entries(r.facets_stats ?? {}).map(([attr, s]) => [attr, { min: s.min, max: s.max }]));
  return { ids: r.hits.map((h) => String(h.id)), nbHits: r.nbHits, nbPages: r.nbPages, page: r.page, facets, stats };
}

describe.skipIf(!ready)('search conformance: embedded engine vs Meilisearch', () => {
  let fx: Fixture;
  let embedded: DealerSearchClient;
  let meili: DealerSearchClient;
  const indexName = `${INDEX}_conformance_${process.pid}`;

  beforeAll(async () => {
    fx = buildFixture();
    await pushIndex({ host: host as string, adminKey: adminKey as string, indexName }, meiliDocuments(fx.docs, fx.customRanks));
    const searchKey = await scopedSearchKey({ host: host as string, adminKey: adminKey as string, indexName });
    expect(searchKey).not.toBe(adminKey);
    embedded = normalisingClient(embeddedClient(async () => fx.engine));
    meili = normalisingClient(meiliClient(host as string, searchKey));
  }, 180_000);

  afterAll(async () => {
    if (!ready) return;
    const client = new Meilisearch({ host: host as string, apiKey: adminKey as string });
    await client.deleteIndexIfExists(indexName);
  });

  const rename = (requests: SearchRequest[]) => requests.map((r) => ({ ...r, indexName: r.indexName.replace(INDEX, indexName) }));

  async function both(requests: SearchRequest[]) {
    const [a, b] = await Promise.all([embedded.search(requests), meili.search(rename(requests))]);
    return { embedded: a.results.map(comparable), meili: b.results.map(comparable) };
  }

  it('the fixture passes the 1999 cap and both backends count it exactly', async () => {
    expect(fx.docs.length).toBeGreaterThan(1999);
    const { embedded: e, meili: m } = await both([{ indexName: INDEX, params: { query: '', hitsPerPage: 21, facets: ['car_type'] } }]);
    expect(e[0]?.nbHits).toBe(fx.docs.length);
    expect(m[0]?.nbHits).toBe(fx.docs.length);
    const shown = (r: ReturnType<typeof comparable> | undefined) => displayCount(r?.nbHits ?? 0, { facetSum: sumFacetCounts(r?.facets['car_type']) });
    expect(shown(e[0])).toBe(shown(m[0]));
    expect(shown(e[0])).toBe(fx.docs.length);
  });

  it('every named scenario gives the same hits, counts and facets', async () => {
    const list = scenarios(fx.docs);
    expect(list.length).toBeGreaterThan(40);
    for (const s of list) {
      const r = await both(s.requests);
      expect(r.embedded, s.name).toEqual(r.meili);
    }
  }, 120_000);

  it('a sweep of words, prefixes and typos over the vocabulary matches the same cars', async () => {
    const queries = vocabularySweep(fx.engine.text);
    expect(queries.length).toBeGreaterThan(500);
    const mismatches: string[] = [];
    for (let i = 0; i < queries.length; i += 50) {
      const batch = queries.slice(i, i + 50).map((q) => ({ indexName: INDEX, params: { query: q, hitsPerPage: 5, page: 0 } }));
      const r = await both(batch);
      r.embedded.forEach((e, k) => {
        const m = r.meili[k];
        if (e.nbHits !== m?.nbHits || e.ids.join() !== m.ids.join()) mismatches.push(`"${queries[i + k]}": embedded ${e.nbHits} vs meili ${m?.nbHits}`);
      });
    }
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('the plain hits fetch (similar cars) returns the same cars on both backends', async () => {
    const searchKey = await scopedSearchKey({ host: host as string, adminKey: adminKey as string, indexName });
    const a = embeddedHits(fx.engine, indexName);
    const b = meiliHits(host as string, searchKey, indexName);
    const cars = [fx.docs[0], fx.docs[100], fx.docs.find((d) => d.car_type === 'used'), fx.docs.find((d) => (d.price ?? 0) >= 50_000)];
    for (const car of cars) {
      if (!car) continue;
      const q = similarCarsQuery(car);
      const [x, y] = await Promise.all([a.hits(q), b.hits(q)]);
      expect(
        x.map((h) => h.id),
        `similar to ${car.id}`,
      ).toEqual(y.map((h) => h.id));
      expect(x.length).toBeGreaterThan(0);
      expect(x.some((h) => h.id === car.id)).toBe(false);
    }
  });
});
