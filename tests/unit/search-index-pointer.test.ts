/**
 * Issue 25, "a stock change uploads only what shows it": the search pages name no index file (they
 * read it from the pointer /search/index.json), the pointer is revalidated wherever the site is
 * served while the hashed index files stay immutable, and what a search page shows from its results
 * (its fingerprint, server-state.ts) leaves out what counts cars the page does not list.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InstantSearchServerState } from 'react-instantsearch';
import { afterAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../functions/static.ts';
import { makeTenant } from '../../functions/test/fixtures.ts';
import { siteHeaders } from '../../scripts/lib/outputs/headers.ts';
import { cacheControlFor, IMMUTABLE_CACHE, phaseOf, REVALIDATE_CACHE } from '../../scripts/lib/publish/content.ts';
import { changedByKind, uploadKind, uploadShare } from '../../scripts/lib/upload-kinds.ts';
import { shownResultsKey, uncountedFacets } from '../../src/islands/search/server-state.ts';
import { pageSearchConfig } from '../../src/lib/search/client.ts';
import { INDEX_POINTER_PATH, indexPointerJson, indexUrlOf } from '../../src/lib/search/index-pointer.ts';
import { headersFor, parseHeadersFile } from '../../src/lib/security/headers.ts';

const INDEX = '/search-index/0123456789ab.json';

describe('the index pointer', () => {
  it('names a content-hashed index in /search-index/ and nothing else', () => {
    const json = indexPointerJson(INDEX);
    expect(JSON.parse(json)).toEqual({ index: INDEX });
    expect(indexUrlOf(JSON.parse(json))).toBe(INDEX);
    for (const bad of ['/search-index/../secret.json', 'https://evil.example/search-index/0123456789ab.json', '/search-index/x.json', '/search/index.json'])
      expect(() => indexPointerJson(bad), bad).toThrow(/not a search index path/);
    for (const bad of [null, 'x', 42, {}, { index: 42 }, { index: '//evil.example/search-index/0123456789ab.json' }]) expect(indexUrlOf(bad)).toBeUndefined();
  });

  it('is not in the pages: the island gets the backend without the index file name', () => {
    expect(pageSearchConfig({ backend: 'embedded', indexName: 'Car_production', indexUrl: INDEX })).toEqual({
      backend: 'embedded',
      indexName: 'Car_production',
    });
    const meili = { backend: 'meili', indexName: 'cars', indexUrl: INDEX, host: 'https://search.example', searchKey: 'k' } as const;
    expect(pageSearchConfig(meili)).toEqual({ backend: 'meili', indexName: 'cars', host: 'https://search.example', searchKey: 'k' });
  });
});

describe('caching: the pointer revalidated, the index files immutable', () => {
  it('in the publish (S3 headers)', () => {
    expect(cacheControlFor(INDEX_POINTER_PATH.slice(1))).toBe(REVALIDATE_CACHE);
    expect(phaseOf(INDEX_POINTER_PATH.slice(1))).toBe('other');
    expect(cacheControlFor(INDEX.slice(1))).toBe(IMMUTABLE_CACHE);
    expect(phaseOf(INDEX.slice(1))).toBe('immutable');
  });

  const dir = mkdtempSync(join(tmpdir(), 'pointer-headers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("in the site's _headers (Netlify, Cloudflare Pages) and from `npm run serve`", async () => {
    writeFileSync(join(dir, 'index.html'), '<p>home</p>');
    const { file } = siteHeaders(dir, makeTenant('alpha'));
    const rules = parseHeadersFile(file);
    expect(headersFor(rules, INDEX_POINTER_PATH)['Cache-Control']).toBe(REVALIDATE_CACHE);
    expect(headersFor(rules, INDEX)['Cache-Control']).toBe(IMMUTABLE_CACHE);

    mkdirSync(join(dir, 'search'), { recursive: true });
    writeFileSync(join(dir, 'search', 'index.json'), indexPointerJson(INDEX));
    const site = staticSite(dir);
    const res = await site.handle(new Request(`http://localhost${INDEX_POINTER_PATH}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

/** A server state as getServerState gives it: the page's search, then one count-only search per refined facet. */
function state(opts: { hits: Record<string, unknown>[]; nbHits: number; makes: Record<string, number>; fuel: Record<string, number>; time?: number }) {
  const main = {
    hits: opts.hits,
    nbHits: opts.nbHits,
    page: 0,
    nbPages: 1,
    hitsPerPage: 24,
    facets: { fuel: opts.fuel, make: { Toyota: opts.nbHits } },
    facets_stats: { price: { min: 1, max: 2, avg: 1.5, sum: 3 } },
    processingTimeMS: opts.time ?? 0,
  };
  const makes = { hits: [], nbHits: 999, page: 0, nbPages: 0, hitsPerPage: 0, facets: { make: opts.makes }, processingTimeMS: opts.time ?? 0 };
  return { initialResults: { Car_production: { state: {}, results: [main, makes], requestParams: [] } } } as unknown as InstantSearchServerState;
}

describe("a search page's fingerprint (what its first render shows)", () => {
  const uncounted = uncountedFacets({ make: ['Toyota'], car_type: [] });
  const hits = [
    { id: '1', objectID: '1', rank: 0, price: 20000 },
    { id: '2', objectID: '2', rank: 1, price: 30000 },
  ];
  const base = state({ hits, nbHits: 2, makes: { Toyota: 2, Ford: 7, Kia: 3 }, fuel: { Petrol: 2 } });

  it('the facets a pretty path refines are uncounted', () => {
    expect([...uncounted]).toEqual(['make']);
    expect([...uncountedFacets({ make: ['Toyota'], make_model: ['Toyota > HiLux'] })]).toEqual(['make', 'make_model']);
  });

  it('does not depend on the order the index gives the values in (it follows the whole stock)', () => {
    const a = state({ hits, nbHits: 2, makes: { Toyota: 2, Ford: 7 }, fuel: { Petrol: 1, Diesel: 1 } });
    const b = state({ hits, nbHits: 2, makes: { Ford: 7, Toyota: 2 }, fuel: { Diesel: 1, Petrol: 1 } });
    expect(shownResultsKey(a, uncounted)).toBe(shownResultsKey(b, uncounted));
  });

  it("leaves out what counts cars the page does not list: other makes' counts, the cars' places in the whole stock, timings", () => {
    const key = shownResultsKey(base, uncounted);
    // A Ford sold, a Kia added, and two cars ahead of these in the stock's order.
    const elsewhere = state({
      hits: hits.map((h) => ({ ...h, rank: h.rank + 2 })),
      nbHits: 2,
      makes: { Toyota: 2, Ford: 6, Kia: 4 },
      fuel: { Petrol: 2 },
      time: 3,
    });
    expect(shownResultsKey(elsewhere, uncounted)).toBe(key);
  });

  it('changes with what the page shows: its cars, its count, its own facet counts, the values it lists', () => {
    const key = shownResultsKey(base, uncounted);
    expect(
      shownResultsKey(
        state({ hits: [hits[0]!, { ...hits[1]!, price: 29500 }], nbHits: 2, makes: { Toyota: 2, Ford: 7, Kia: 3 }, fuel: { Petrol: 2 } }),
        uncounted,
      ),
    ).not.toBe(key);
    expect(shownResultsKey(state({ hits, nbHits: 3, makes: { Toyota: 3, Ford: 7, Kia: 3 }, fuel: { Petrol: 3 } }), uncounted)).not.toBe(key);
    expect(shownResultsKey(state({ hits, nbHits: 2, makes: { Toyota: 2, Ford: 7, Kia: 3 }, fuel: { Petrol: 1, Diesel: 1 } }), uncounted)).not.toBe(key);
    expect(shownResultsKey(state({ hits, nbHits: 2, makes: { Toyota: 2, Ford: 7 }, fuel: { Petrol: 2 } }), uncounted)).not.toBe(key);
  });
});

describe('bench:build upload report', () => {
  it('groups files by kind and prints the share', () => {
    expect(uploadKind('cars/2020-toyota-hilux-1/index.html')).toBe('cars/*/index.html');
    expect(uploadKind('cars/2020-toyota-hilux-1/autogauge')).toBe('cars/*/autogauge');
    expect(uploadKind('cars/_market/toyota--hilux.json')).toBe('cars/_market/*');
    expect(uploadKind('cars/_similar/used-24.json')).toBe('cars/_similar/*');
    expect(uploadKind('search/toyota/hilux/index.html')).toBe('search/*');
    expect(uploadKind('img/ab/0123-c528x385-q75.webp')).toBe('img/*');
    expect(uploadKind('sitemap.xml')).toBe('sitemap.xml');
    expect(uploadKind('models/hilux/index.html')).toBe('models/*/index.html');
    const kinds = changedByKind(
      { 'a.html': '1', 'cars/x/index.html': '1', 'cars/y/index.html': '1' },
      { 'a.html': '1', 'cars/x/index.html': '2', 'cars/y/index.html': '2', 'cars/z/autogauge': '3' },
    );
    expect(kinds).toEqual([
      { kind: 'cars/*/index.html', files: 2, example: 'cars/x/index.html' },
      { kind: 'cars/*/autogauge', files: 1, example: 'cars/z/autogauge' },
    ]);
    expect(uploadShare(3012, 30120)).toEqual({ text: '3,012 of 30,120 files (10.0%)', percent: 10 });
  });
});
