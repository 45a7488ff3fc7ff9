/** Issue 14's browse-side rules against the spec's numbers (browse-and-site.md). */
import { afterAll, describe, expect, it } from 'vitest';
import { gateFor } from '../../src/lib/forms/gating.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';
import { buysCars, departmentOf, selectLocations, type LocationLike } from '../../src/lib/rules/locations.ts';
import { SERVICE_PATH, serviceBookingHref, serviceBookingList } from '../../src/lib/rules/service-booking.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContent } from '../../src/io/content-folder.ts';
import { activePromotions } from '../../src/lib/content/site-content.ts';
import { makeSiteModel } from '../../src/lib/site/site-model.ts';
import { datedFacts } from '../../src/lib/site/dated.ts';
import { BODY_TYPE_LABELS, BODY_TYPE_SPRITE, bodyTypeImage } from '../../src/lib/rules/body-type.ts';
import { orderFacetItems } from '../../src/lib/search/facet-order.ts';
import { PAYMENT_LOGOS } from '../../src/lib/rules/payment-logos.ts';
import { listedReviews } from '../../src/lib/rules/review-display.ts';
import { isListed, recentSoldDays, type RecentSoldSettings } from '../../src/lib/rules/listing.ts';
import { MAP_ZOOM, largerMapHref, mapBox, mapEmbedSrc } from '../../src/lib/rules/map-view.ts';

describe('maps zoom 10', () => {
  it('is the spec constant', () => expect(MAP_ZOOM).toBe(10));

  it('covers what a zoom-10 map shows: 360/2^10 degrees of longitude per 256 px', () => {
    const b = mapBox(-33.806, 151.003, 10, 640, 360);
    expect(b.east - b.west).toBeCloseTo((640 / 256) * (360 / 1024), 6);
    // Latitude shrinks with cos(lat) in Mercator: 360 px tall is about 0.494 * cos(33.8 deg) degrees.
    expect(b.north - b.south).toBeCloseTo((360 / 256) * (360 / 1024) * Math.cos((33.806 * Math.PI) / 180), 2);
    expect((b.north + b.south) / 2).toBeCloseTo(-33.806, 2);
  });

  it('one zoom level more halves the box', () => {
    const z10 = mapBox(-27.6, 153.1, 10);
    const z11 = mapBox(-27.6, 153.1, 11);
    expect((z10.east - z10.west) / (z11.east - z11.west)).toBeCloseTo(2, 6);
  });

  it('builds the embed and the larger-map link at zoom 10', () => {
    expect(mapEmbedSrc(-33.806, 151.003)).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=150\.56355,-34\.01115,151\.44245,-33\.60036&layer=mapnik&marker=-33\.80600,151\.00300$/,
    );
    expect(largerMapHref(-33.806, 151.003)).toBe('https://www.openstreetmap.org/?mlat=-33.80600&mlon=151.00300#map=10/-33.80600/151.00300');
  });
});

describe('recently-sold window per dealership (default 3 days, configurable per dealership)', () => {
  const settings: RecentSoldSettings = {
    recent_sold_days: 3,
    dealerships: [
      { id: '11', slug: 'toyota' },
      { id: '15', slug: 'bikes', recent_sold_days: 7 },
    ],
    locations: [
      { id: '1', dealership_slug: 'toyota' },
      { id: '6', dealership_slug: 'bikes' },
    ],
  };
  it("takes the car's dealership's window, by slug, id or location, else the tenant's", () => {
    expect(recentSoldDays({ dealership_slug: 'bikes' }, settings)).toBe(7);
    expect(recentSoldDays({ dealership_id: 15 }, settings)).toBe(7);
    expect(recentSoldDays({ location_id: '6' }, settings)).toBe(7);
    expect(recentSoldDays({ location: { id: '6' } }, settings)).toBe(7);
    expect(recentSoldDays({ dealership_slug: 'toyota' }, settings)).toBe(3);
    expect(recentSoldDays({}, settings)).toBe(3);
    // The car's own dealership wins over its location's.
    expect(recentSoldDays({ dealership_slug: 'toyota', location_id: '6' }, settings)).toBe(3);
  });
  it('keeps a car sold 5 days ago listed at the 7-day dealership only', () => {
    const now = 1_800_000_000;
    const sold = { status: 'sold' as const, sold: true, sold_date_timestamp: now - 5 * 86_400 };
    expect(isListed(sold, now, recentSoldDays({ dealership_slug: 'bikes' }, settings))).toBe(true);
    expect(isListed(sold, now, recentSoldDays({ dealership_slug: 'toyota' }, settings))).toBe(false);
  });
});

describe('trade-in gating as the route table says', () => {
  const defaults = parseTenantConfig({ slug: 'g', name: 'G', url: 'https://g.example.com', locations: [{ name: 'G' }] }, 'g', 'tenant.json').gating;
  it('gates /cars/trade-in?car_id by default', () => {
    expect(defaults.trade_in).toBe(true);
    expect(gateFor('/cars/trade-in', '?car_id=410001', defaults)).toBe('trade-in');
    expect(gateFor('/cars/trade-in/', '?car_id=410001', {})).toBe('trade-in');
  });
  it('leaves it open where the tenant switches it off, and without a car', () => {
    expect(gateFor('/cars/trade-in', '?car_id=410001', { trade_in: false })).toBeUndefined();
    expect(gateFor('/cars/trade-in', '', defaults)).toBeUndefined();
  });
  it('never gates the sell-your-car pages', () => {
    for (const path of ['/trade-in', '/sell-your-car', '/sell-my-car'])
      expect(gateFor(path, '?car_id=1', { ...defaults, checkout: true, finance: true })).toBeUndefined();
  });
});

describe('location subtype buying', () => {
  const loc = (id: string, extra: Partial<LocationLike>): LocationLike => ({
    id,
    name: `L${id}`,
    primary: false,
    visible: true,
    location_type: '',
    dealership_slug: 'd',
    address: {},
    ...extra,
  });
  it('marks a location whose subtype includes buying, in any case', () => {
    expect(buysCars({ location_subtype: 'Buying' })).toBe(true);
    expect(buysCars({ location_subtype: 'Pre-owned sales and buying' })).toBe(true);
    expect(buysCars({ location_subtype: 'Pre-owned sales' })).toBe(false);
    expect(buysCars({ location_subtype: 'Buyingcentre' })).toBe(false);
    expect(buysCars({})).toBe(false);
  });
  it('keeps its department (pre-owned sales is still used) and is listed by the buying filter', () => {
    const list = [
      loc('1', {}),
      loc('2', { location_type: 'used', location_subtype: 'Pre-owned sales and buying' }),
      loc('3', { location_type: 'service', location_subtype: 'buying' }),
      loc('4', { location_subtype: 'buying', visible: false }),
    ];
    expect(departmentOf(list[1]!)).toBe('used');
    expect(selectLocations(list, 'buying').map((l) => l.id)).toEqual(['2', '3']);
    expect(selectLocations(list, 'sales').map((l) => l.id)).toEqual(['1', '2']);
  });
});

describe('the hidden reviews list', () => {
  const reviews = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id, customer_name: `C${id}` }));
  it('leaves out the reviews on the list (ids as numbers or text) and keeps the order', () => {
    expect(listedReviews(reviews, ['5', '8']).map((r) => r.id)).toEqual([1, 2, 3, 4, 6, 7]);
    expect(listedReviews([{ id: 'g-5' }, { id: undefined }], ['g-5'])).toEqual([{ id: undefined }]);
    expect(listedReviews(reviews, [])).toHaveLength(8);
  });
  it('is a tenant setting, empty by default, ids read as text', () => {
    const parse = (reviewsConfig?: unknown) =>
      parseTenantConfig(
        { slug: 'r', name: 'R', url: 'https://r.example.com', locations: [{ name: 'R' }], ...(reviewsConfig ? { reviews: reviewsConfig } : {}) },
        'r',
        'tenant.json',
      ).reviews;
    expect(parse().hidden).toEqual([]);
    expect(parse({ hidden: [5, 'g-8'] }).hidden).toEqual(['5', 'g-8']);
  });
});

describe('service booking list: external URL per dealership and make, /service as the fallback', () => {
  const entries = [
    { dealership: 'st', make: 'Toyota', url: 'https://book.example.com/toyota' },
    { dealership: 'hk', make: 'hyundai', url: 'https://book.example.com/hyundai' },
    { dealership: 'is', url: 'https://book.example.com/isuzu-all' },
  ];
  it('picks the entry for the dealership and make (any case), else the dealership-wide one, else /service', () => {
    expect(serviceBookingHref(entries, 'st', 'Toyota')).toBe('https://book.example.com/toyota');
    expect(serviceBookingHref(entries, 'hk', 'Hyundai')).toBe('https://book.example.com/hyundai');
    expect(serviceBookingHref(entries, 'hk', 'Kia')).toBe(SERVICE_PATH);
    expect(serviceBookingHref(entries, 'is', 'Hino')).toBe('https://book.example.com/isuzu-all');
    expect(serviceBookingHref(entries, 'ford', 'Ford')).toBe('/service');
    expect(serviceBookingHref([], undefined, undefined)).toBe('/service');
  });
  it('lists each dealership once per make, with where to book', () => {
    const loc = (dealership_slug: string, manufacturers: string[], location_type: '' | 'service' | 'parts' = '') => ({
      visible: true,
      dealership_slug,
      manufacturers,
      location_type,
    });
    const rows = serviceBookingList({
      manufacturer: undefined,
      service_bookings: entries,
      dealerships: [
        { slug: 'st', name: 'S Toyota' },
        { slug: 'hk', name: 'S Hyundai Kia' },
        { slug: 'fp', name: 'Ford Parts' },
        { slug: 'bikes', name: 'S Bikes', make: 'Yamaha' },
      ],
      locations: [loc('st', ['Toyota']), loc('st', ['Toyota'], 'service'), loc('hk', ['Hyundai', 'Kia']), loc('fp', ['Ford'], 'parts')],
    });
    expect(rows.map((r) => [r.dealership_name, r.make, r.href, r.external])).toEqual([
      ['S Toyota', 'Toyota', 'https://book.example.com/toyota', true],
      ['S Hyundai Kia', 'Hyundai', 'https://book.example.com/hyundai', true],
      ['S Hyundai Kia', 'Kia', '/service', false],
    ]);
  });
});

describe('facet tiles: a picture per body type', () => {
  it('every recognised body type has a small picture: a 64 x 32 symbol in the one sprite file in public/', () => {
    const file = `public${BODY_TYPE_SPRITE}`;
    const sprite = readFileSync(file, 'utf8');
    expect(statSync(file).size).toBeLessThan(8_000);
    for (const key of Object.keys(BODY_TYPE_LABELS)) {
      const src = bodyTypeImage(key)!;
      expect(src).toBe(`${BODY_TYPE_SPRITE}#body-${key}`);
      expect(sprite, key).toMatch(new RegExp(`<symbol id="body-${key}" viewBox="0 0 64 32"><g [^>]+>.+?</g></symbol>`));
    }
  });
  it('reads the value as the search writes it, in any case or spacing; unknown values get none', () => {
    expect(bodyTypeImage('SUV')).toBe('/img/body/sprite.svg#body-suv');
    expect(bodyTypeImage('cab chassis')).toBe('/img/body/sprite.svg#body-cabChassis');
    expect(bodyTypeImage('people-mover')).toBe('/img/body/sprite.svg#body-peopleMover');
    expect(bodyTypeImage('tractor')).toBeUndefined();
  });
});

describe('the year facet: ordered like every other facet, by count then label', () => {
  it('puts the year with most cars first, ties by label', () => {
    const items = [
      { value: '2024', label: '2024', count: 3 },
      { value: '2019', label: '2019', count: 9 },
      { value: '2021', label: '2021', count: 3 },
      { value: '2025', label: '2025', count: 12 },
    ];
    expect(orderFacetItems('year', items).map((i) => i.value)).toEqual(['2025', '2019', '2021', '2024']);
  });
});

describe('accepted payment logos', () => {
  it('are the spec five, in its order, each a small SVG with its name as alt text', () => {
    expect(PAYMENT_LOGOS.map((l) => l.name)).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
    for (const l of PAYMENT_LOGOS) expect(statSync(`public${l.src}`).size).toBeLessThan(600);
  });
});

describe('promotions slider content', () => {
  const dir = mkdtempSync(join(tmpdir(), 'promotions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'content'), { recursive: true });
  writeFileSync(
    join(dir, 'content', 'promotions.json'),
    JSON.stringify([
      { id: 1, title: 'Weekend deals', image: 'images/weekend.jpg', url: '/search/used-cars' },
      { title: 'Ends soon', image: 'images/soon.jpg', expires: '2026-11-23' },
      { title: 'No picture' },
    ]),
  );
  const { content, problems, images } = loadContent(dir, 'Promo Motors');
  it('reads promotions.json: a banner needs a title and a picture (a bad entry is left out and reported)', () => {
    expect(content.promotions?.map((p) => p.title)).toEqual(['Weekend deals', 'Ends soon']);
    expect(images).toEqual(expect.arrayContaining(['content/images/weekend.jpg', 'content/images/soon.jpg']));
    expect(problems.join('\n')).toMatch(/promotions\.json[\s\S]*2\.image/);
  });
  it('shows a banner through its expiry day (Brisbane), and that day counts for valid_until', () => {
    const tenant = resolveTenant(
      parseTenantConfig({ slug: 'p', name: 'P', url: 'https://p.example.com', locations: [{ name: 'P' }] }, 'p', 'tenant.json'),
      '/nowhere',
    );
    const at = (iso: string) => makeSiteModel({ tenant, vehicles: [], now: Date.parse(iso) / 1000, built_at: iso, content });
    expect(activePromotions(at('2026-11-23T02:00:00Z')).map((p) => p.title)).toEqual(['Weekend deals', 'Ends soon']);
    expect(activePromotions(at('2026-11-24T02:00:00Z')).map((p) => p.title)).toEqual(['Weekend deals']);
    const facts = (iso: string) => datedFacts({ tenant, content }, [], Date.parse(iso) / 1000);
    expect(facts('2026-11-23T02:00:00Z')).not.toBe(facts('2026-11-24T02:00:00Z'));
  });
});
