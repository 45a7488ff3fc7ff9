/**
 * Links into the search: one builder (searchLink / searchUrl) whose every link the parser
 * (parseSearchUrl) reads back as the same refinements, for every facet value of the demo stock; and the
 * browse pages' stock links (a location's View Stock) refine to what they say.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoTenants } from '../../scripts/demo/generate.ts';
import { locationStock } from '../../src/lib/content/locations.ts';
import { ingestStock } from '../../src/io/stock-file.ts';
import { LIST_FACETS, type ListFacet } from '../../src/lib/search/attributes.ts';
import type { SearchDoc } from '../../src/lib/search/documents.ts';
import { CAR_TYPE_ROUTES, DEFAULT_SEARCH_PATH, carTypeRefinement, type Refinements } from '../../src/lib/search/pretty-routes.ts';
import { searchLinks, searchSite, stockCount, type SearchSite } from '../../src/lib/search/site-search.ts';
import { priceSliderSearchUrl } from '../../src/lib/search/slider.ts';
import { clearFiltersTarget } from '../../src/lib/search/empty-state.ts';
import { allStockLink, emptyState, parseSearchUrl, searchLink, searchUrl, type SearchState, type UrlContext } from '../../src/lib/search/url.ts';
import { makeSiteModel, type SiteModel } from '../../src/lib/site/site-model.ts';
import { loadTenant } from '../../src/io/tenant-folder.ts';

const NOW = '2026-03-02T00:00:00Z';
const DEMOS = ['demo-coastal-toyota', 'demo-southern-motor-group', 'demo-redline-used-cars'] as const;

let dir: string;
const models = new Map<string, SiteModel>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'search-links-'));
  await generateDemoTenants({ out: dir, now: NOW.slice(0, 10), photos: false });
  const now = Math.floor(Date.parse(NOW) / 1000);
  for (const slug of DEMOS) {
    const tenant = loadTenant(join(dir, slug));
    const vehicles = ingestStock(tenant, now).vehicles.filter((v) => v.listed);
    models.set(slug, makeSiteModel({ tenant, vehicles, now, built_at: NOW }));
  }
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const site = (slug: string): { model: SiteModel; site: SearchSite; ctx: UrlContext } => {
  const model = models.get(slug) as SiteModel;
  return { model, site: searchSite(model), ctx: searchLinks(model).ctx };
};

/** A facet's values as the search filters on them (numbers and booleans as their text). */
const valuesOf = (docs: readonly SearchDoc[], facet: ListFacet): string[] => {
  const out = new Set<string>();
  for (const d of docs) {
    const v = (d as unknown as Record<string, unknown>)[facet];
    if (v !== undefined && v !== null && v !== '') out.add(String(v));
  }
  return [...out].sort();
};

/** Order of values within a facet carries no meaning (new+demo is demo+new). */
const canonical = (s: SearchState): SearchState => ({
  ...s,
  refinements: Object.fromEntries(
    Object.entries(s.refinements)
      .filter(([, v]) => v?.length)
      .map(([k, v]) => [k, [...(v ?? [])].sort()]),
  ) as Refinements,
});

const roundTrip = (state: SearchState, s: ReturnType<typeof site>) => {
  const href = searchUrl(state, s.ctx);
  return { href, back: parseSearchUrl(href, s.site.routes) };
};

describe.each(DEMOS)('search links of %s', (slug) => {
  it('every facet value of the stock: link, parse, the same refinement back; and the link finds cars', () => {
    const s = site(slug);
    let checked = 0;
    for (const facet of LIST_FACETS) {
      for (const value of valuesOf(s.site.docs, facet)) {
        const state = { ...emptyState(), refinements: { [facet]: [value] } };
        const { href, back } = roundTrip(state, s);
        expect(back, `${facet}=${value} -> ${href}`).toEqual(state);
        expect(stockCount(s.site, state.refinements), href).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('pairs of facets, every make with its models, car-type sets, query, ranges, sort and page round-trip too', () => {
    const s = site(slug);
    const states: SearchState[] = [];
    for (const mm of valuesOf(s.site.docs, 'make_model')) {
      const make = mm.split(' > ')[0] as string;
      states.push({ ...emptyState(), refinements: { make: [make], make_model: [mm] } });
      states.push({ ...emptyState(), refinements: { make: [make], make_model: [mm], car_type: ['used'], colour: ['White'] } });
    }
    for (const r of CAR_TYPE_ROUTES) states.push({ ...emptyState(), refinements: { car_type: carTypeRefinement(r) } });
    for (const body of valuesOf(s.site.docs, 'body')) {
      for (const dealership of valuesOf(s.site.docs, 'dealership_name'))
        states.push({ ...emptyState(), refinements: { body: [body], dealership_name: [dealership] } });
      states.push({
        ...emptyState(),
        query: 'auto & co',
        sortBy: 'price_asc',
        page: 2,
        refinements: { body: [body] },
        ranges: { price: { min: 5000 }, km: { max: 90000 } },
      });
    }
    states.push({ ...emptyState(), refinements: { make: valuesOf(s.site.docs, 'make'), location_name: valuesOf(s.site.docs, 'location_name') } });
    for (const state of states) {
      const { href, back } = roundTrip(state, s);
      expect(back && canonical(back), href).toEqual(canonical(state));
    }
  });

  it("a location's View Stock refines to that location's cars only", () => {
    const s = site(slug);
    const visible = s.model.tenant.locations.filter((l) => l.visible);
    let linked = 0;
    for (const loc of visible) {
      const stock = locationStock(loc, s.model);
      const at = s.site.docs.filter((d) => d.location_name === loc.name);
      if (!at.length) {
        expect(stock, `${loc.name} has no stock, so no link`).toBeUndefined();
        continue;
      }
      linked++;
      expect(stock?.count).toBe(at.length);
      const back = parseSearchUrl(stock?.href ?? '', s.site.routes);
      expect(back?.refinements).toEqual({ location_name: [loc.name] });
      expect(new URL(stock?.href ?? '', 'https://x.test').searchParams.get('location')).toBe(loc.name);
      expect(stockCount(s.site, back?.refinements ?? {})).toBe(at.length);
    }
    expect(linked).toBeGreaterThan(0);
  });
});

describe('the builder and the parser', () => {
  it('reads back paths and queries, and knows no path that is not a search page', () => {
    const s = site('demo-southern-motor-group');
    expect(parseSearchUrl('/search/toyota/hilux/?colour=White', s.site.routes)?.refinements).toEqual({
      make: ['Toyota'],
      make_model: ['Toyota > HiLux'],
      colour: ['White'],
    });
    expect(parseSearchUrl('/search/suv', s.site.routes)?.refinements).toEqual({ body: ['suv'] });
    expect(parseSearchUrl('/search/no-such-page', s.site.routes)).toBeUndefined();
    expect(parseSearchUrl('/cars/', s.site.routes)).toBeUndefined();
    // Display labels are not values: the body link carries the stored value (its pretty path here).
    expect(searchLink({ body: ['cabChassis'] }, s.ctx)).toBe('/search/cab-chassis');
    expect(searchLink({ location_name: ['Southern Ford Dandenong'] }, s.ctx)).toBe('/search/new-used-and-demo-cars?location=Southern+Ford+Dandenong');
  });

  it('the all-stock link, Clear Filters and the price slider are the builder’s links', () => {
    expect(allStockLink()).toBe(DEFAULT_SEARCH_PATH);
    expect(clearFiltersTarget('stock')).toBe(DEFAULT_SEARCH_PATH);
    const s = site('demo-coastal-toyota');
    const slider = priceSliderSearchUrl([12_345, 60_260]);
    expect(parseSearchUrl(slider, s.site.routes)).toEqual({ ...emptyState(), sortBy: 'price_desc', ranges: { price: { min: 12_500, max: 60_500 } } });
    // The slider's script writes the link out (no builder in its bundle); it must be the builder's string.
    for (const [lo, hi] of [
      [5_000, 250_000],
      [12_500, 60_500],
      [100_000, 100_500],
    ] as const) {
      expect(priceSliderSearchUrl([lo, hi])).toBe(searchLink({}, s.ctx, { sortBy: 'price_desc', ranges: { price: { min: lo, max: hi } } }));
    }
  });
});
