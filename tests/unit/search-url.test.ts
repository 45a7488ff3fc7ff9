import { describe, expect, it } from 'vitest';
import { searchBreadcrumbs, searchTitle } from '../../src/lib/search/breadcrumbs.ts';
import { CAR_TYPE_ROUTES, bodySlug, searchRoutes } from '../../src/lib/search/pretty-routes.ts';
import { readAmount as parseAmount } from '../../src/lib/rules/format.ts';
import { emptyState, parseRange, parseSearchQuery, prettyPath, searchUrl, type SearchState } from '../../src/lib/search/url.ts';

const dealers = [
  { slug: 'southern-toyota', name: 'Southern Toyota Parramatta' },
  { slug: 'southern-ford', name: 'Southern Ford Dandenong' },
];
const ctx = { dealers };
const state = (s: Partial<SearchState>): SearchState => ({ ...emptyState(), ...s });

describe('pretty search paths', () => {
  it('car types, make, make and model, body and dealership each have a path; the rest goes in the query', () => {
    expect(searchUrl(state({}), ctx)).toBe('/search/new-used-and-demo-cars');
    expect(searchUrl(state({ refinements: { car_type: ['used'] } }), ctx)).toBe('/search/used-cars');
    expect(searchUrl(state({ refinements: { car_type: ['demo', 'new'] } }), ctx)).toBe('/search/new-and-demo-cars');
    expect(searchUrl(state({ refinements: { car_type: ['new'] } }), ctx)).toBe('/search/new-cars');
    expect(searchUrl(state({ refinements: { car_type: ['demo'] } }), ctx)).toBe('/search/demo-cars');
    expect(searchUrl(state({ refinements: { car_type: ['new', 'used', 'demo'] } }), ctx)).toBe('/search/new-used-and-demo-cars');
    expect(searchUrl(state({ refinements: { make: ['Toyota'] } }), ctx)).toBe('/search/toyota');
    expect(searchUrl(state({ refinements: { make: ['Mercedes-Benz'], make_model: ['Mercedes-Benz > C 300'] } }), ctx)).toBe('/search/mercedes-benz/c-300');
    expect(searchUrl(state({ refinements: { body: ['cabChassis'] } }), ctx)).toBe('/search/cab-chassis');
    expect(searchUrl(state({ refinements: { dealership_name: ['Southern Ford Dandenong'] } }), ctx)).toBe('/search/southern-ford');
    expect(
      searchUrl(
        state({
          query: 'sr5 auto',
          page: 3,
          sortBy: 'price_desc',
          refinements: { make: ['Toyota'], make_model: ['Toyota > HiLux'], car_type: ['used'], colour: ['White', 'Grey'] },
          ranges: { price: { min: 20000, max: 50000 }, km: { max: 80000 } },
        }),
        ctx,
      ),
    ).toBe('/search/toyota/hilux?query=sr5+auto&car_type=used&colour=White&colour=Grey&range[price]=20000:50000&range[km]=:80000&sortBy=price_desc&page=3');
  });

  it('two makes or a model of another make fall back to the query string', () => {
    expect(searchUrl(state({ refinements: { make: ['Toyota', 'Ford'] } }), ctx)).toBe('/search/new-used-and-demo-cars?make=Toyota&make=Ford');
    expect(prettyPath(state({ refinements: { make: ['Ford'], make_model: ['Toyota > HiLux'] } }), ctx)).toEqual({ path: 'ford', consumed: { make: ['Ford'] } });
    expect(prettyPath(state({ refinements: { make: ['Toyota'] } }), { dealers, skipped: new Set(['toyota']) }).path).toBe('new-used-and-demo-cars');
  });

  it('reads a URL back into the same state, amounts with $ and commas removed', () => {
    const s = state({
      query: 'sr5 auto',
      page: 3,
      sortBy: 'latest',
      refinements: { make: ['Toyota'], make_model: ['Toyota > HiLux'], colour: ['White'] },
      ranges: { price: { min: 20000, max: 50000 } },
    });
    const url = new URL(searchUrl(s, ctx), 'https://x.test');
    expect(url.pathname).toBe('/search/toyota/hilux');
    expect(parseSearchQuery(url.search, { make: ['Toyota'], make_model: ['Toyota > HiLux'] })).toEqual(s);
    expect(parseSearchQuery('?range[price]=$20,000:$50,000&sortBy=bogus&page=x', {})).toEqual(state({ ranges: { price: { min: 20000, max: 50000 } } }));
    // The no-JavaScript price range form (src/components/PriceRange.astro) sends the two ends separately.
    expect(parseSearchQuery('?range%5Bprice%5D%5Bmin%5D=12500&range%5Bprice%5D%5Bmax%5D=60500&sortBy=price_desc', {})).toEqual(
      state({ sortBy: 'price_desc', ranges: { price: { min: 12500, max: 60500 } } }),
    );
    expect(parseRange(':80,000')).toEqual({ max: 80000 });
    expect(parseRange(':')).toBeUndefined();
    expect(parseAmount('$1,234')).toBe(1234);
    expect(parseAmount('abc')).toBeUndefined();
    // Not a price: exponents, hex, Infinity, over 12 digits (issue 27).
    for (const t of ['1e308', '1E5', '0x10', 'Infinity', '-Infinity', '9'.repeat(400), '1234567890123']) expect(parseAmount(t)).toBeUndefined();
    expect(parseRange('1e308:')).toBeUndefined();
    expect(parseRange('1e308:50000')).toEqual({ max: 50000 });
    expect(parseAmount('999999999999')).toBe(999999999999);
  });
});

describe('search routes for the build', () => {
  it('lists car types, makes, models, bodies and stocked dealerships, skipping a path two would share', () => {
    const docs = [
      { make: 'Toyota', model: 'HiLux', body: 'ute', dealership_name: 'Southern Toyota Parramatta' },
      { make: 'Ute', model: 'X', body: 'suv', dealership_name: 'Southern Toyota Parramatta' },
    ];
    const { routes, skipped } = searchRoutes(docs, dealers);
    expect(routes.map((r) => r.path)).toEqual([...CAR_TYPE_ROUTES.map((r) => r.path), 'toyota', 'ute', 'toyota/hilux', 'ute/x', 'suv', 'southern-toyota']);
    expect(skipped).toEqual([{ path: 'ute', kind: 'body', value: 'ute' }]);
    expect(routes.find((r) => r.path === 'toyota/hilux')?.refinements).toEqual({ make: ['Toyota'], make_model: ['Toyota > HiLux'] });
    expect(routes.find((r) => r.path === 'new-used-and-demo-cars')?.refinements).toEqual({});
    expect(bodySlug('peopleMover')).toBe('people-mover');
  });
});

describe('titles and breadcrumbs', () => {
  const known = { ...ctx, isKnownModel: (mm: string) => mm === 'Toyota > HiLux' };

  it('Home > car type > make > model (only a known model) > body > title', () => {
    const crumbs = searchBreadcrumbs({ car_type: ['used'], make: ['Toyota'], make_model: ['Toyota > HiLux'], body: ['ute'], colour: ['White'] }, known);
    expect(crumbs).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/search/used-cars' },
      { label: 'Toyota', href: '/search/toyota?car_type=used' },
      { label: 'HiLux', href: '/search/toyota/hilux?car_type=used' },
      { label: 'Ute', href: '/search/toyota/hilux?car_type=used&body=ute' },
      { label: 'Used Toyota HiLux Ute for Sale' },
    ]);
    // Without the colour, the body crumb would be this very page: the title ends the trail instead.
    const own = searchBreadcrumbs({ car_type: ['used'], make: ['Toyota'], make_model: ['Toyota > HiLux'], body: ['ute'] }, known);
    expect(own.map((c) => c.label)).toEqual(['Home', 'Used Cars', 'Toyota', 'HiLux', 'Used Toyota HiLux Ute for Sale']);
    const unknownModel = searchBreadcrumbs({ make: ['Toyota'], make_model: ['Toyota > Nope'] }, known);
    expect(unknownModel.map((c) => c.label)).toEqual(['Home', 'New, Used and Demo Cars', 'Toyota', 'Toyota Nope for Sale']);
  });

  it('a car-type page keeps its route title and does not repeat itself', () => {
    expect(searchTitle({ car_type: ['new', 'demo'] })).toBe('New and Demo Cars');
    expect(searchTitle({})).toBe('New, Used and Demo Cars');
    expect(searchTitle({ dealership_name: ['Southern Ford Dandenong'] })).toBe('Southern Ford Dandenong Stock');
    expect(searchTitle({ body: ['suv'] })).toBe('SUV for Sale');
    expect(searchBreadcrumbs({ car_type: ['used'] }, known)).toEqual([{ label: 'Home', href: '/' }, { label: 'Used Cars' }]);
    expect(searchBreadcrumbs({ make: ['Toyota'] }, known)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'New, Used and Demo Cars', href: '/search/new-used-and-demo-cars' },
      { label: 'Toyota for Sale' },
    ]);
  });
});
