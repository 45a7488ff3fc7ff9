/**
 * The marketplace feeds (docs/feeds.md): the passenger-vehicle and feed-listing rules, RFC 4180
 * quoting, the Google and Meta row builders against the marketplaces' attribute lists and formats, and
 * a round trip: a feed written by the build and read back with the project's own stock preset for that
 * feed shape gives the same cars.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor } from '../../scripts/lib/publish/content.ts';
import { robotsTxt } from '../../src/lib/content/sitemap.ts';
import { formatProblem, rowProblems } from '../../src/lib/feeds/columns.ts';
import { quoteField, toDelimited } from '../../src/lib/feeds/delimited.ts';
import { bodyKeys, feedCar } from '../../src/lib/feeds/feed-car.ts';
import { GOOGLE_COLUMNS, GOOGLE_HEADERS, googleRow } from '../../src/lib/feeds/google.ts';
import { feedSummaryLine, googleFeed, listedFeedPaths, metaFeed } from '../../src/lib/feeds/index.ts';
import { metaColumns } from '../../src/lib/feeds/meta.ts';
import { parseCsv } from '../../src/lib/ingest/csv.ts';
import { ingestStock } from '../../src/io/stock-file.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { feedExclusion as exclusion, type FeedFacts, type FeedName } from '../../src/lib/rules/feed-listing.ts';
import { isAvailable, type ListingFacts } from '../../src/lib/rules/listing.ts';
import { isPassengerVehicle } from '../../src/lib/rules/passenger-vehicle.ts';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';
import { makeSiteModel, viewOf, type SiteModel } from '../../src/lib/site/site-model.ts';
import { parseTenantConfig, resolveTenant, type Tenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;

const TENANT = {
  slug: 'coastal',
  name: 'Coastal Toyota',
  url: 'https://coastal.example.com.au',
  locations: [
    {
      id: 'CT01',
      name: 'Coastal Toyota Caringbah',
      address: { street: '1 Kingsway', city: 'Caringbah', state: 'NSW', postcode: '2229', lat: -34.04, long: 151.12 },
    },
    { id: 'CT02', name: 'Coastal Miranda', address: { street: '5 Kiora Rd', city: 'Miranda', state: 'NSW', postcode: '2228' } },
  ],
};

const base = { make: 'Toyota', status: 'in_stock', price_type: 'EGC', colour: 'White', year: 2021, item_type: 'car' };
const STOCK = [
  { ...base, id: 'A1', car_type: 'used', model: 'RAV4', badge: 'GX', km: 71280, price: 34990, vin: 'JTMW43FV10D012345', simple_body: 'suv', certified: true },
  // Text that needs quoting in both files: comma, double quote, newline, tab.
  {
    ...base,
    id: 'A2',
    car_type: 'new',
    model: 'HiLux',
    badge: 'SR5 "Hi-Rider", 4x4',
    price: 62990,
    price_type: 'DAP',
    vin: 'MR0HA3CD100123456',
    simple_body: 'ute',
    colour: 'Eclipse\tBlack',
    dealercomments: '<p>Brand new, "hard to find" colour.</p>\n<p>Drive away today.</p>',
    location_id: 'CT02',
  },
  { ...base, id: 'A3', car_type: 'demo', model: 'Corolla', badge: 'Ascent Sport', km: 4430, price: 31990, vin: 'JTNBV3HE10J012345', simple_body: 'hatch' },
  { ...base, id: 'NOVIN', car_type: 'used', model: 'Yaris', km: 50000, price: 18990, simple_body: 'hatch' },
  { ...base, id: 'POA', car_type: 'used', model: 'Camry', km: 60000, price: 'POA', vin: 'JTNB11HK10J012345' },
  { ...base, id: 'TEN', car_type: 'used', model: 'Echo', km: 260000, price: 10, vin: 'JTDBT123400012345' },
  { ...base, id: 'BIKE', car_type: 'used', make: 'Yamaha', model: 'MT-07', km: 8000, price: 9990, vin: 'JYARM06E0KA012345', item_type: 'motorcycle' },
  { ...base, id: 'TRUCK', car_type: 'new', make: 'Isuzu', model: 'NPR', price: 89990, vin: 'JALC4W16000012345', item_type: 'truck', simple_body: 'lightTruck' },
  { ...base, id: 'SOON', car_type: 'new', model: 'bZ4X', price: 66990, price_type: 'DAP', vin: 'JTMSA4UF4T9008632', status: 'coming_soon', simple_body: 'suv' },
  {
    ...base,
    id: 'SOLD',
    car_type: 'used',
    model: 'Prado',
    km: 90000,
    price: 54990,
    vin: 'JTEBR3FJ10K012345',
    status: 'sold',
    sold: true,
    sold_date_timestamp: NOW - 86_400,
  },
];

function tenantIn(dir: string, extra: Record<string, unknown> = {}): Tenant {
  return resolveTenant(parseTenantConfig({ ...TENANT, ...extra }, 'coastal', 'tenant.json'), dir);
}

/** The demo model: the stock ingested as the build does, each listed car with two processed photos. */
function model(extra: Record<string, unknown> = {}): SiteModel {
  const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(STOCK));
  const tenant = tenantIn(dir, extra);
  const vehicles = ingestStock(tenant, NOW).vehicles.filter((v) => v.listed);
  for (const v of vehicles) {
    v.photos = [1, 2].map((n) => ({
      ok: true,
      source: `photos/${v.id}-${n}.jpg`,
      sizes: [640, 1280].map((w) => ({ url: `/img/${v.id.toLowerCase()}-${n}-${w}.webp`, width: w, height: Math.round(w * 0.75) })),
      thumb: { url: `/img/${v.id.toLowerCase()}-${n}-thumb.webp`, width: 160, height: 120 },
      colour: '#888888',
    }));
  }
  return makeSiteModel({ tenant, vehicles, now: NOW, built_at: new Date(NOW * 1000).toISOString() });
}

const ids = (cars: Vehicle[]) => cars.map((c) => c.id);

/** The model of the same tenant with its cars changed as `change` says (a different export), views derived again. */
const withCars = (m: SiteModel, change: (v: Vehicle, i: number) => Vehicle): SiteModel => makeSiteModel({ ...m, vehicles: m.vehicles.map(change) });

describe('isPassengerVehicle', () => {
  it('follows item_type when the export gives it: cars (utes too) yes; motorcycles, trucks, caravans no', () => {
    expect(isPassengerVehicle({ item_type: 'car', simple_body: 'ute' })).toBe(true);
    expect(isPassengerVehicle({ item_type: 'car', simple_body: 'cabChassis', body: 'Cab Chassis' })).toBe(true);
    expect(isPassengerVehicle({ item_type: 'Car' })).toBe(true);
    expect(isPassengerVehicle({ item_type: 'motorcycle', simple_body: 'motorcycle' })).toBe(false);
    expect(isPassengerVehicle({ item_type: 'truck', simple_body: 'lightTruck' })).toBe(false);
    expect(isPassengerVehicle({ item_type: 'caravan' })).toBe(false);
  });

  it('otherwise reads the body: buses, motorhomes, light trucks and motorcycles are not passenger vehicles', () => {
    for (const body of ['Bus', 'Coach', 'Motorhome', 'lightTruck', 'Light Truck', 'motorcycle', 'Camper Van', 'Boat']) {
      expect(isPassengerVehicle({ body }), body).toBe(false);
    }
    for (const body of ['Sedan', 'Wagon', 'Double Cab Pick Up', 'Cab Chassis', 'Van', 'suv', 'peopleMover'])
      expect(isPassengerVehicle({ body }), body).toBe(true);
    expect(isPassengerVehicle({})).toBe(true);
  });
});

describe('feedExclusion', () => {
  /** The car with its view's facts as the build decides them (isAvailable, priceDisplay). */
  const feedExclusion = (c: FeedFacts & ListingFacts & { price?: number | null; preorder?: boolean }, feed: FeedName) => {
    const shown = priceDisplay(c);
    return exclusion(c, { available: isAvailable(c), shownPrice: shown.kind === 'price' ? shown.amount : undefined }, feed);
  };
  const car = { status: 'in_stock' as const, price: 34990, vin: 'JTMW43FV10D012345', item_type: 'car', photos: [{ ok: true }] };
  it('lets in an available car with a shown price; Google also needs a VIN and a passenger vehicle', () => {
    expect(feedExclusion(car, 'google')).toBeUndefined();
    expect(feedExclusion(car, 'meta')).toBeUndefined();
    expect(feedExclusion({ ...car, status: 'coming_soon' }, 'google')).toBeUndefined();
    expect(feedExclusion({ ...car, status: 'sold' }, 'meta')).toBe('sold');
    expect(feedExclusion({ ...car, sold: true }, 'google')).toBe('sold');
    // The price display rule: a price of 10 or less is not shown, so it is not advertised either.
    expect(feedExclusion({ ...car, price: 10 }, 'google')).toBe('no_price');
    expect(feedExclusion({ ...car, price: 11 }, 'google')).toBeUndefined();
    expect(feedExclusion({ ...car, price: null, preorder: true }, 'meta')).toBe('no_price');
    expect(feedExclusion({ ...car, vin: undefined }, 'google')).toBe('no_vin');
    expect(feedExclusion({ ...car, vin: '  ' }, 'google')).toBe('no_vin');
    expect(feedExclusion({ ...car, vin: undefined }, 'meta')).toBeUndefined();
    expect(feedExclusion({ ...car, item_type: 'motorcycle' }, 'google')).toBe('not_passenger');
    expect(feedExclusion({ ...car, item_type: 'motorcycle' }, 'meta')).toBeUndefined();
  });

  it('leaves a car without a processed photo out of Meta (image[0].url is required there), not out of Google', () => {
    const photo = { ...car, photos: [{ ok: true }] };
    expect(feedExclusion(photo, 'meta')).toBeUndefined();
    expect(feedExclusion({ ...car, photos: [{ ok: false }] }, 'meta')).toBe('no_photo');
    expect(feedExclusion({ ...car, photos: [] }, 'meta')).toBe('no_photo');
    expect(feedExclusion({ ...car, photos: [] }, 'google')).toBeUndefined();
  });
});

describe('RFC 4180 quoting', () => {
  it('quotes a field with the separator, a double quote, a newline or edge spaces, and doubles inner quotes', () => {
    expect(quoteField('plain text', ',')).toBe('plain text');
    expect(quoteField('a,b', ',')).toBe('"a,b"');
    expect(quoteField('a,b', '\t')).toBe('a,b');
    expect(quoteField('a\tb', '\t')).toBe('"a\tb"');
    expect(quoteField('17" alloys', ',')).toBe('"17"" alloys"');
    expect(quoteField('line 1\nline 2', '\t')).toBe('"line 1\nline 2"');
    expect(quoteField(' padded', ',')).toBe('" padded"');
  });

  it('reads back to the same cells with the project CSV reader', () => {
    const rows = [['a,b', '17" alloys', 'x\ny', 'tab\there', '']];
    for (const sep of [',', '\t'] as const) {
      const text = toDelimited(['one', 'two', 'three', 'four', 'five'], rows, sep);
      expect(text.endsWith('\r\n')).toBe(true);
      const parsed = parseCsv(text, { delimiter: sep });
      expect(parsed.problems).toEqual([]);
      expect(parsed.rows.map((r) => r.cells)).toEqual([{ one: 'a,b', two: '17" alloys', three: 'x\ny', four: 'tab\there', five: '' }]);
    }
  });
});

describe('the Google vehicle listings feed', () => {
  const m = model();
  const feed = googleFeed(m);
  const parsed = parseCsv(feed.text, { delimiter: '\t' });
  const rows = parsed.rows.map((r) => r.cells);

  it('has the exact attribute headers of the specification, every required one among them', () => {
    expect(parsed.header).toEqual([...GOOGLE_HEADERS]);
    for (const h of ['vin', 'store_code', 'dealership_name', 'dealership_address', 'price', 'condition', 'make', 'model', 'year', 'mileage', 'exterior_color'])
      expect(GOOGLE_HEADERS).toContain(h);
    for (const h of ['id', 'link', 'image_link', 'additional_image_link', 'trim', 'vehicle_price_type']) expect(GOOGLE_HEADERS).toContain(h);
  });

  it('lists exactly the available, priced passenger vehicles with a VIN, and counts the rest by reason', () => {
    expect(feed.ids).toEqual(['A1', 'A2', 'A3', 'SOON']);
    expect(rows.map((r) => r['id'])).toEqual(feed.ids);
    expect(feed.left_out).toEqual({ no_vin: 1, no_price: 2, not_passenger: 2, sold: 1 });
    expect(feedSummaryLine(feed)).toBe(
      'feeds: google 4 vehicles (6 left out: 1 sold, 2 without a price, 1 without a VIN, 2 not passenger vehicles) -> /feeds/google-vehicle-listings.tsv',
    );
  });

  it('writes every value in the format Google reads: price in AUD, km, new/used, absolute https URLs', () => {
    expect(feed.problems).toEqual([]);
    for (const row of rows) expect(rowProblems(GOOGLE_COLUMNS, row, row['condition'] as 'new' | 'used')).toEqual([]);
    const a1 = rows[0]!;
    expect(a1).toMatchObject({
      vin: 'JTMW43FV10D012345',
      store_code: 'CT01',
      dealership_name: 'Coastal Toyota Caringbah',
      dealership_address: '1 Kingsway, Caringbah NSW 2229, AU',
      link: `https://coastal.example.com.au${m.vehicles[0]!.path}`,
      image_link: 'https://coastal.example.com.au/img/a1-1-1280.webp',
      additional_image_link: 'https://coastal.example.com.au/img/a1-2-1280.webp',
      price: '34990.00 AUD',
      vehicle_price_type: 'excluding_government_charges_price',
      condition: 'used',
      certified_pre_owned: 'yes',
      mileage: '71280 km',
      year: '2021',
      body_style: 'suv',
    });
    const byId = Object.fromEntries(rows.map((r) => [r['id'], r]));
    expect(byId['A2']).toMatchObject({
      condition: 'new',
      mileage: '0 km',
      vehicle_price_type: 'drive_away_price',
      store_code: 'CT02',
      trim: 'SR5 "Hi-Rider", 4x4',
      exterior_color: 'Eclipse\tBlack',
      body_style: 'truck',
    });
    // A demonstrator is a registered, driven car: Google's condition has only new and used.
    expect(byId['A3']).toMatchObject({ condition: 'used', mileage: '4430 km' });
  });

  it('keeps a car without a price type, and warns: Google vehicle ads in Australia need vehicle_price_type, which only the dealer can say', () => {
    // A different export, not a changed model: the views are derived from the stock when the model is made.
    const m2 = withCars(model(), (v, i) => (i === 0 ? { ...v, price_type: undefined } : v));
    const f2 = googleFeed(m2);
    expect(f2.ids).toEqual(feed.ids);
    expect(f2.problems).toEqual([]);
    expect(f2.warnings).toEqual([
      "1 of 4 rows without vehicle_price_type, which Google vehicle ads in Australia require (set the export's price_type to drive away or EGC)",
    ]);
    expect(feedSummaryLine(f2)).toContain('; WARNING 1 of 4 rows without vehicle_price_type');
    expect(feed.warnings).toEqual([]);
  });

  it('keeps a car whose VIN is not a 17-character modern VIN, and warns (Google checks VINs; cars before 1981 are exempt)', () => {
    const m2 = withCars(model(), (v, i) => (i === 0 ? { ...v, vin: 'KZN1850012345' } : i === 1 ? { ...v, vin: 'FJ40-123456', year: 1978 } : v));
    const f2 = googleFeed(m2);
    expect(f2.ids).toEqual(feed.ids);
    expect(f2.warnings).toEqual(['1 of 4 rows with a VIN that is not 17 characters of the VIN alphabet, which Google may refuse']);
  });

  it('names a missing required value and a value in the wrong format', () => {
    const f = feedCar(m.vehicles[0]!, viewOf(m, m.vehicles[0]!), m.tenant);
    const row = { ...googleRow(f), price: '34,990', vin: undefined, mileage: '71280' };
    expect(rowProblems(GOOGLE_COLUMNS, row, 'used')).toEqual([
      'vin: missing (required)',
      'price: "34,990" is not a price-aud value',
      'mileage: "71280" is not a km value',
    ]);
    expect(formatProblem('http://coastal.example.com.au/x', 'https-url')).toBeDefined();
    expect(formatProblem('/img/x.webp', 'https-url')).toBeDefined();
  });
});

describe('the Meta automotive catalog feed', () => {
  const m = model();
  const feed = metaFeed(m);
  const parsed = parseCsv(feed.text, { delimiter: ',' });
  const rows = parsed.rows.map((r) => r.cells);

  it("has Meta's column names, every required one among them, and one image column per photo", () => {
    for (const h of [
      'vehicle_id',
      'title',
      'description',
      'url',
      'make',
      'model',
      'year',
      'mileage.value',
      'mileage.unit',
      'image[0].url',
      'body_style',
      'state_of_vehicle',
      'price',
      'exterior_color',
      'vin',
      'availability',
      'address.addr1',
      'address.city',
      'address.region',
      'address.postal_code',
      'address.country',
    ])
      expect(parsed.header).toContain(h);
    expect(parsed.header.filter((h) => /^image\[\d+\]\.url$/.test(h))).toEqual(['image[0].url', 'image[1].url']);
  });

  it('lists the available, priced vehicles (motorcycles, trucks and cars without a VIN too)', () => {
    expect(feed.ids).toEqual(['A1', 'A2', 'A3', 'NOVIN', 'BIKE', 'TRUCK', 'SOON']);
    expect(feed.left_out).toEqual({ no_price: 2, sold: 1 });
  });

  it('writes every value in the format Meta reads, and the quoted text reads back intact', () => {
    expect(feed.problems).toEqual([]);
    const columns = metaColumns(2, m.tenant.name);
    for (const row of rows) expect(rowProblems(columns, row)).toEqual([]);
    const byId = Object.fromEntries(rows.map((r) => [r['vehicle_id'], r]));
    expect(byId['A1']).toMatchObject({
      title: '2021 Toyota RAV4 GX',
      'mileage.value': '71280',
      'mileage.unit': 'KM',
      price: '34990.00 AUD',
      state_of_vehicle: 'CPO',
      body_style: 'SUV',
      'image[0].url': 'https://coastal.example.com.au/img/a1-1-1280.webp',
      'address.addr1': '1 Kingsway',
      'address.postal_code': '2229',
      'address.country': 'AU',
      latitude: '-34.04',
    });
    expect(byId['A2']).toMatchObject({
      state_of_vehicle: 'NEW',
      body_style: 'TRUCK',
      trim: 'SR5 "Hi-Rider", 4x4',
      description: 'Brand new, "hard to find" colour.\n\nDrive away today.',
      'address.city': 'Miranda',
    });
    expect(byId['A3']?.['state_of_vehicle']).toBe('USED');
    expect(byId['NOVIN']?.['vin']).toBe('');
    expect(byId['BIKE']?.['body_style']).toBe('OTHER');
  });
});

describe('round trip: the written feeds read back with the stock presets give the same cars', () => {
  const m = model();
  const same = (v: Vehicle) => ({ make: v.make, model: v.model, badge: v.badge, year: v.year, price: v.price, vin: v.vin, colour: v.colour });

  for (const [name, feed, file, preset] of [
    ['google', googleFeed(m), 'feed.tsv', 'google-vehicle-listings'],
    ['meta', metaFeed(m), 'feed.csv', 'meta-automotive'],
  ] as const) {
    it(`${name}: ${preset}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'feeds-roundtrip-'));
      writeFileSync(join(dir, file), feed.text);
      const back = ingestStock(tenantIn(dir, { stock: { file, preset } }), NOW);
      expect(back.rejected).toEqual([]);
      const original = new Map(m.vehicles.map((v) => [v.id, v]));
      expect(ids(back.vehicles)).toEqual(feed.ids);
      for (const v of back.vehicles) {
        const o = original.get(v.id)!;
        expect(same(v), v.id).toEqual(same(o));
        // Google and Meta have no "demo": a demonstrator comes back as used.
        expect(v.car_type, v.id).toBe(o.car_type === 'new' ? 'new' : 'used');
        expect(v.km ?? 0, v.id).toBe(o.km ?? 0);
        expect(v.location?.id, v.id).toBe(o.location?.id);
        expect(v.image_sources, v.id).toEqual(o.photos.map((p) => (p.ok ? `https://coastal.example.com.au${p.sizes.at(-1)!.url}` : '')));
      }
    });
  }
});

describe('robots.txt and sitemap.xml name the feeds only when the tenant opts in', () => {
  it('lists none by default, the written ones when opted in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
    expect(tenantIn(dir).feeds).toEqual({ google: true, meta: true, list_in_robots: false });
    expect(listedFeedPaths(tenantIn(dir))).toEqual([]);
    expect(listedFeedPaths(tenantIn(dir, { feeds: { list_in_robots: true } }))).toEqual(['/feeds/google-vehicle-listings.tsv', '/feeds/meta-automotive.csv']);
    expect(listedFeedPaths(tenantIn(dir, { feeds: { list_in_robots: true, google: false } }))).toEqual(['/feeds/meta-automotive.csv']);
  });

  it('robots.txt: an Allow line per listed feed, the sitemap line kept', () => {
    expect(robotsTxt('https://a.example.com')).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://a.example.com/sitemap.xml\n');
    expect(robotsTxt('https://a.example.com', ['/feeds/meta-automotive.csv'])).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\n\n# Marketplace feeds (docs/feeds.md)\nAllow: /feeds/meta-automotive.csv\n\nSitemap: https://a.example.com/sitemap.xml\n',
    );
  });
});

describe('the feeds are served as text', () => {
  it('with the IANA types for CSV and TSV, revalidated like robots.txt (the same URL changes every night)', () => {
    expect(contentTypeFor('feeds/meta-automotive.csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeFor('feeds/google-vehicle-listings.tsv')).toBe('text/tab-separated-values; charset=utf-8');
    expect(cacheControlFor('feeds/meta-automotive.csv')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('bodyKeys', () => {
  it('tries simple_body, then the exported body, normalised; a pickup or utility body is a ute', () => {
    expect(bodyKeys({ simple_body: 'peopleMover', body: 'Wagon' })).toEqual(['peoplemover', 'wagon']);
    expect(bodyKeys({ body: '4D Wagon' })).toEqual(['wagon']);
    for (const body of ['Double Cab Pick Up', 'Dual Cab Pick Up', 'Crew Cab Utility', 'Pick-up', 'Utility']) expect(bodyKeys({ body }), body).toEqual(['ute']);
    expect(bodyKeys({})).toEqual([]);
  });
});
