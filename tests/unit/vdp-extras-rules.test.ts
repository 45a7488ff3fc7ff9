/**
 * Issue 14's vehicle-page rules: the used-car block, subscription per week, Request a Quote, the
 * configured finance links, the one dealership's coming-soon test drive rule, other statuses, the
 * "see more from this dealer" link and the interior panorama's hotspots.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestStock } from '../../src/io/stock-file.ts';
import { vehicleView } from '../../src/lib/model/vehicle-view.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { readVdpExtras } from '../../src/lib/schemas/vdp-extras.ts';
import { cardTag } from '../../src/lib/rules/card-tag.ts';
import { inStockSearch, isAvailable, isListed, isOtherStatus } from '../../src/lib/rules/listing.ts';
import { customRank } from '../../src/lib/rules/rank.ts';
import { subscriptionPriceText, usedCarBlock } from '../../src/lib/rules/used-car.ts';
import { financeHref, financePath, isTestDriveShown, vdpActions, type ActionFacts, type ActionSettings } from '../../src/lib/rules/vdp-actions.ts';
import { isWrappingPanorama, panoramaHotspots } from '../../src/lib/rules/vdp-media.ts';
import { toSearchDocs } from '../../src/lib/search/documents.ts';
import { searchRoutes } from '../../src/lib/search/pretty-routes.ts';
import { parseSearchUrl } from '../../src/lib/search/url.ts';
import { makeSiteModel } from '../../src/lib/site/site-model.ts';
import { dealerSearchLink } from '../../src/lib/vdp/page-model.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);
const DAY = 86_400;

const base: ActionFacts = { id: '7', slug: 'a-car', status: 'in_stock', price: 30000, car_type: 'used', photos_count: 4 };
const settings: ActionSettings = { reserveOnline: false, buyOnlinePath: false, favourites: false, watchlist: false };

function tenantWith(extra: Record<string, unknown> = {}, dir = '/nowhere') {
  const config = {
    slug: 'acme-motors',
    name: 'Acme Motors',
    url: 'https://acme.com.au',
    dealerships: [
      { id: 1, slug: 'acme-toyota', name: 'Acme Toyota' },
      { id: 2, slug: 'acme-ford', name: 'Acme Ford' },
    ],
    locations: [
      { id: 1, name: 'Acme Toyota Caringbah', dealership_slug: 'acme-toyota' },
      { id: 2, name: 'Acme Ford Gosford', dealership_slug: 'acme-ford' },
    ],
    ...extra,
  };
  return resolveTenant(parseTenantConfig(config, 'acme', 'tenant.json'), dir);
}

function car(extra: Partial<Vehicle> & Record<string, unknown> = {}): Vehicle {
  return {
    id: '101',
    slug: '2021-toyota-hilux-101',
    path: '/cars/2021-toyota-hilux-101',
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    car_type: 'used',
    status: 'in_stock',
    listed: true,
    just_arrived: false,
    custom_rank: 5,
    price: 45990,
    image_sources: [],
    spin_sources: [],
    photos: [],
    extras: readVdpExtras({}).extras,
    ...extra,
  } as Vehicle;
}

describe('the one dealership rule: coming-soon cars lose the test drive button (vdp_config.coming_soon_no_test_drive)', () => {
  it('is off by default: every available car, coming soon too, has a test drive; sold cars none', () => {
    expect(isTestDriveShown({ status: 'in_stock' })).toBe(true);
    expect(isTestDriveShown({ status: 'coming_soon' })).toBe(true);
    expect(isTestDriveShown({ status: 'sold' })).toBe(false);
    expect(vdpActions({ ...base, status: 'coming_soon' }, settings).testDrive).toBe(true);
  });

  it('switched on, a coming-soon car has no test drive and an in-stock car keeps it', () => {
    const on = { ...settings, comingSoonNoTestDrive: true };
    expect(vdpActions({ ...base, status: 'coming_soon' }, on).testDrive).toBe(false);
    expect(vdpActions({ ...base, status: 'coming_soon' }, on).available).toBe(true);
    expect(vdpActions(base, on).testDrive).toBe(true);
  });

  it('the tenant setting defaults to off and reaches the view', () => {
    expect(tenantWith().vdp_config.coming_soon_no_test_drive).toBe(false);
    const soon = car({ status: 'coming_soon' });
    expect(vehicleView(soon, { tenant: tenantWith(), now: NOW }).actions.testDrive).toBe(true);
    const on = tenantWith({ vdp_config: { coming_soon_no_test_drive: true } });
    expect(vehicleView(soon, { tenant: on, now: NOW }).actions.testDrive).toBe(false);
    expect(vehicleView(car(), { tenant: on, now: NOW }).actions.testDrive).toBe(true);
  });
});

describe('configured finance links: /finance, /finance-enquiry (one site variant), /apply-for-finance (listed dealerships)', () => {
  const link = { path: '/finance-enquiry' as const, applyDealerships: ['acme-ford'] };

  it('picks the page: the listed dealerships apply, others use the configured page, default /finance', () => {
    expect(financePath('acme-ford', link)).toBe('/apply-for-finance');
    expect(financePath('acme-toyota', link)).toBe('/finance-enquiry');
    expect(financePath(undefined, link)).toBe('/finance-enquiry');
    expect(financePath('acme-ford', undefined)).toBe('/finance');
  });

  it("keeps the spec's query and the #finance-form anchor on every page", () => {
    const facts = { ...base, dealership_slug: 'acme-ford', vin: 'VIN1' };
    expect(financeHref(facts, link)).toBe(
      '/apply-for-finance?preferredDealership=acme-ford&vehiclePriceBudget=30000&car_id=7&car_type=used&vin=VIN1#finance-form',
    );
    expect(financeHref(facts)).toBe('/finance?preferredDealership=acme-ford&vehiclePriceBudget=30000&car_id=7&car_type=used&vin=VIN1#finance-form');
  });

  it('the view reads the tenant settings, and a car without its own dealership uses its location’s', () => {
    const tenant = tenantWith({ vdp_config: { finance_path: '/finance-enquiry', apply_for_finance_dealerships: ['acme-ford'] } });
    const atFord = car({ location: { id: '2', name: 'Acme Ford Gosford', slug: 'acme-ford-gosford', primary: false } });
    expect(vehicleView(atFord, { tenant, now: NOW }).actions.finance?.href).toMatch(/^\/apply-for-finance\?preferredDealership=acme-ford&/);
    expect(vehicleView(car(), { tenant, now: NOW }).actions.finance?.href).toMatch(/^\/finance-enquiry\?/);
    expect(vehicleView(car(), { tenant: tenantWith(), now: NOW }).actions.finance?.href).toMatch(/^\/finance\?/);
    expect(() => tenantWith({ vdp_config: { finance_path: '/loans' } })).toThrow();
  });
});

describe('Request a Quote', () => {
  it('beside the calculator for every available car; in the sidebar only when no price is shown (10 or less, POA)', () => {
    expect(vdpActions(base, settings).quote).toEqual({ calculator: true, sidebar: false, href: '#enquire' });
    expect(vdpActions({ ...base, price: 10 }, settings).quote.sidebar).toBe(true);
    expect(vdpActions({ ...base, price: 11 }, settings).quote.sidebar).toBe(false);
    expect(vdpActions({ ...base, price: null }, settings).quote.sidebar).toBe(true);
    expect(vdpActions({ ...base, status: 'sold' }, settings).quote).toEqual({ calculator: false, sidebar: false, href: '#enquire' });
  });
});

describe('subscription_price per week', () => {
  it('"$189 per week" above 10; nothing at 10 or less, absent, or on a sold car', () => {
    expect(subscriptionPriceText({ status: 'in_stock', subscription_price: 189 })).toBe('$189 per week');
    expect(subscriptionPriceText({ status: 'coming_soon', subscription_price: 1249.6 })).toBe('$1,250 per week');
    expect(subscriptionPriceText({ status: 'in_stock', subscription_price: 11 })).toBe('$11 per week');
    expect(subscriptionPriceText({ status: 'in_stock', subscription_price: 10 })).toBeUndefined();
    expect(subscriptionPriceText({ status: 'in_stock', subscription_price: null })).toBeUndefined();
    expect(subscriptionPriceText({ status: 'in_stock' })).toBeUndefined();
    expect(subscriptionPriceText({ status: 'sold', subscription_price: 189 })).toBeUndefined();
    expect(vehicleView(car({ subscription_price: 189 }), { tenant: tenantWith(), now: NOW }).subscription).toBe('$189 per week');
  });
});

describe('the used-car block', () => {
  it('certified pre-owned, kilometres a year and the history report, for used cars only', () => {
    const used = { car_type: 'used', km: 71280, year: 2021, certified: true };
    // 2026 - 2021 = 5 years: 14,256 km a year, rounded to 100.
    expect(usedCarBlock(used, NOW, 'https://cdn.example.com.au/ppsr/1.pdf')).toEqual({
      rows: [
        { label: 'Certified pre-owned', value: 'Yes' },
        { label: 'Kilometres a year', value: 'About 14,300 km' },
      ],
      historyReport: 'https://cdn.example.com.au/ppsr/1.pdf',
    });
    expect(usedCarBlock({ ...used, car_type: 'new' }, NOW)).toBeUndefined();
    expect(usedCarBlock({ ...used, car_type: 'demo' }, NOW)).toBeUndefined();
  });

  it('a car of this year counts as one year; no km, no year or a future year gives no rate; nothing to say is no block', () => {
    expect(usedCarBlock({ car_type: 'used', km: 12345, year: 2026 }, NOW)?.rows).toEqual([{ label: 'Kilometres a year', value: 'About 12,300 km' }]);
    expect(usedCarBlock({ car_type: 'used', km: 500, year: 2027 }, NOW)).toBeUndefined();
    expect(usedCarBlock({ car_type: 'used', km: 0, year: 2020 }, NOW)).toBeUndefined();
    expect(usedCarBlock({ car_type: 'used' }, NOW)).toBeUndefined();
    expect(usedCarBlock({ car_type: 'used' }, NOW, '/r.pdf')).toEqual({ rows: [], historyReport: '/r.pdf' });
  });
});

describe('statuses other than in_stock, coming_soon and sold', () => {
  const fixture = JSON.parse(readFileSync('tests/fixtures/exports/other-statuses.json', 'utf8')) as { records: Record<string, unknown>[] };

  function ingest() {
    const dir = mkdtempSync(join(tmpdir(), 'other-status-'));
    writeFileSync(join(dir, 'stock.json'), JSON.stringify(fixture.records));
    return ingestStock(tenantWith({}, dir), NOW);
  }

  it('are accepted at ingest (a word, normalised), not rejected; a status that is not a word is', () => {
    const result = ingest();
    expect(result.vehicles.map((v) => [v.id, v.status])).toEqual([
      ['90211', 'under_offer'],
      ['90212', 'in_transit'],
    ]);
    expect(result.rejected.map((r) => [r.position, r.field])).toEqual([[3, 'status']]);
  });

  it('are listed and shown as the spec says: not available, the SOLD panel, the sold tag, no buying actions, last in rank', () => {
    const [offer] = ingest().vehicles;
    expect(offer!.listed).toBe(true);
    expect(isOtherStatus(offer!)).toBe(true);
    expect(isAvailable(offer!)).toBe(false);
    const view = vehicleView(offer!, { tenant: tenantWith(), now: NOW });
    expect(view.available).toBe(false);
    expect(view.sold).toBe(false);
    expect(view.actions.soldPanel).toBe(true);
    expect(view.actions.testDrive).toBe(false);
    expect(view.actions.finance).toBeUndefined();
    expect(view.tag).toEqual({ kind: 'sold', text: 'JUST SOLD' });
    expect(view.price.text).toBe('$27,990');
    expect(cardTag({ make: 'Mazda', car_type: 'used', status: 'on_hold' }, {})).toEqual({ kind: 'sold', text: 'JUST SOLD' });
    expect(customRank({ status: 'under_offer', created_at: 5 })).toBeLessThan(customRank({ status: 'coming_soon', created_at: 1 }));
  });

  it('the stock filter for the named statuses is unchanged', () => {
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - DAY }, NOW)).toBe(true);
    expect(isListed({ status: 'sold', sold_date_timestamp: NOW - 4 * DAY }, NOW)).toBe(false);
    expect(isListed({ status: 'under_offer', sold: true, sold_date_timestamp: NOW - 4 * DAY }, NOW)).toBe(false);
    expect(isListed({ status: 'under_offer', show_on_dealer_website: false }, NOW)).toBe(false);
  });

  it('keep their page but stay out of the stock search (the browse spec filter names in_stock, coming_soon and sold only)', () => {
    expect(inStockSearch({ status: 'under_offer' })).toBe(false);
    expect(inStockSearch({ status: 'in_stock' })).toBe(true);
    expect(inStockSearch({ status: 'sold', sold_date_timestamp: NOW - DAY })).toBe(true);
    const vehicles = ingest().vehicles;
    const model = makeSiteModel({ tenant: tenantWith(), vehicles, now: NOW, built_at: '' });
    expect(model.vehicles.map((v) => v.id)).toEqual(['90211', '90212']);
    expect(toSearchDocs(model.vehicles, model.views).docs).toEqual([]);
  });
});

describe('see more from this dealer', () => {
  const tenant = tenantWith();
  const toyota = car({ id: '1', dealership_slug: 'acme-toyota' });
  const ford = car({ id: '2', slug: 'ford-2', path: '/cars/ford-2', make: 'Ford', model: 'Ranger', dealership_slug: 'acme-ford' });
  const model = makeSiteModel({ tenant, vehicles: [toyota, ford], now: NOW, built_at: '' });

  it('is /search/{dealership_slug}, and reads back as the search narrowed to that dealership', () => {
    const link = dealerSearchLink(model.views['2']!.dealership, tenant.dealerships, model);
    expect(link).toEqual({ name: 'Acme Ford', href: '/search/acme-ford' });
    const { docs } = toSearchDocs(model.vehicles, model.views);
    const { routes } = searchRoutes(docs, tenant.dealerships);
    const state = parseSearchUrl(link!.href, routes);
    expect(state?.refinements).toEqual({ dealership_name: ['Acme Ford'] });
    expect(docs.filter((d) => d.dealership_name === 'Acme Ford').map((d) => d.id)).toEqual(['2']);
  });

  it('none for a car without a dealership the tenant lists', () => {
    expect(dealerSearchLink(undefined, tenant.dealerships, model)).toBeUndefined();
    expect(dealerSearchLink({ slug: 'elsewhere', name: 'elsewhere' }, tenant.dealerships, model)).toBeUndefined();
  });
});

describe('interior panorama', () => {
  it('a hotspot sits at its angle-0 position, else its first; positions clamp to the picture; none without a position', () => {
    expect(
      panoramaHotspots([
        {
          id: 'a',
          description: 'Seats',
          positions: [
            { activeAngle: 3, posX: 5, posY: 5 },
            { activeAngle: 0, posX: 18, posY: 66 },
          ],
        },
        { id: 'b', description: 'Screen', positions: [{ activeAngle: 2, posX: 120, posY: -4 }] },
        { id: 'c', description: 'Nowhere', positions: [] },
      ]),
    ).toEqual([
      { id: 'a', description: 'Seats', posX: 18, posY: 66 },
      { id: 'b', description: 'Screen', posX: 100, posY: 0 },
    ]);
  });

  it('wraps around only a picture at least twice as wide as high (a 360 panorama)', () => {
    expect(isWrappingPanorama(1280, 640)).toBe(true);
    expect(isWrappingPanorama(1280, 360)).toBe(true);
    expect(isWrappingPanorama(1280, 720)).toBe(false);
    expect(isWrappingPanorama(undefined, 360)).toBe(false);
  });
});
