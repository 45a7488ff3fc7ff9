/** How long a tenant's built pages stay true with the same inputs (src/lib/site/dated.ts). */
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { readVdpExtras } from '../../src/lib/schemas/vdp-extras.ts';
import { datedFacts, validUntil } from '../../src/lib/site/dated.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const DAY = 86_400;
const D0 = Date.parse('2026-11-25') / 1000;

function tenant(locationExtras: Record<string, unknown> = {}) {
  const config = parseTenantConfig(
    { slug: 'dated', name: 'Dated Motors', url: 'https://dated.example.com.au', locations: [{ name: 'Dated Motors', ...locationExtras }] },
    'dated',
    'tenant.json',
  );
  return resolveTenant(config, '/nowhere');
}

function car(extra: Partial<Vehicle>): Vehicle {
  return {
    id: '1',
    make: 'Kia',
    car_type: 'used',
    status: 'in_stock',
    slug: 'k',
    path: '/cars/k',
    listed: true,
    just_arrived: false,
    custom_rank: 0,
    image_sources: [],
    spin_sources: [],
    photos: [],
    extras: readVdpExtras({}).extras,
    ...extra,
  } as Vehicle;
}

describe('validUntil: the first day the same inputs build a different site', () => {
  it('a car with nothing dated: the year in the footer turns on 1 January', () => {
    expect(validUntil({ tenant: tenant() }, [car({ created_at: D0 - 100 * DAY })], D0)).toBe('2027-01-01');
  });
  it('a New Arrival (8 days by default) lapses on the ninth day after arrival', () => {
    expect(validUntil({ tenant: tenant() }, [car({ created_at: D0 - 3 * DAY })], D0)).toBe('2026-12-01');
  });
  it('a sold car leaves the 3-day recently-sold window', () => {
    expect(validUntil({ tenant: tenant() }, [car({ status: 'sold', sold: true, sold_date_timestamp: D0 - DAY })], D0)).toBe('2026-11-28');
  });
  it("a sold car leaves its own dealership's window where the dealership sets one, else the tenant's", () => {
    const config = parseTenantConfig(
      {
        slug: 'dated',
        name: 'Dated Motors',
        url: 'https://dated.example.com.au',
        listing: { recent_sold_days: 3 },
        dealerships: [
          { id: 1, slug: 'dated-cars', name: 'Dated Cars' },
          { id: 2, slug: 'dated-bikes', name: 'Dated Bikes', recent_sold_days: 7 },
        ],
        locations: [
          { id: 1, name: 'Dated Cars', dealership_slug: 'dated-cars' },
          { id: 2, name: 'Dated Bikes', dealership_slug: 'dated-bikes' },
        ],
      },
      'dated',
      'tenant.json',
    );
    const t = resolveTenant(config, '/nowhere');
    const sold = { status: 'sold' as const, sold: true, sold_date_timestamp: D0 - DAY };
    // By the car's own dealership, or by its location's.
    expect(validUntil({ tenant: t }, [car({ ...sold, dealership_slug: 'dated-bikes' })], D0)).toBe('2026-12-02');
    expect(validUntil({ tenant: t }, [car({ ...sold, location: { id: '2', name: 'Dated Bikes', slug: 'dated-bikes', primary: false } })], D0)).toBe(
      '2026-12-02',
    );
    expect(validUntil({ tenant: t }, [car({ ...sold, dealership_slug: 'dated-cars' })], D0)).toBe('2026-11-28');
    // Both in one site: the cars dealership's car leaves first.
    expect(validUntil({ tenant: t }, [car({ ...sold, dealership_slug: 'dated-cars' }), car({ ...sold, id: '2', dealership_slug: 'dated-bikes' })], D0)).toBe(
      '2026-11-28',
    );
  });
  it('a rego that lapses turns into "Unregistered" (where the tenant shows it) the day after it expires', () => {
    const t = tenant();
    t.features.unregistered_text = true;
    expect(validUntil({ tenant: t }, [car({ rego_expiry: '2026-12-10' })], D0)).toBe('2026-12-11');
  });
  it('a holiday-hours entry drops off once its day has passed', () => {
    const t = tenant({ special_hours: [{ date: '2026-12-25', status: 'Closed', name: 'Christmas Day' }] });
    expect(validUntil({ tenant: t }, [], D0)).toBe('2026-12-26');
    expect(datedFacts({ tenant: t }, [], D0)).toContain('Christmas');
  });
  it('a search promo card appears on its start day and goes the day after its expiry', () => {
    const content = {
      pages: [],
      models: [],
      photos: {},
      search_promos: [{ title: 'Run-out', text: 'x', href: '/finance', cta: 'Go', start: '2026-12-05', expires: '2026-12-20' }],
    };
    expect(validUntil({ tenant: tenant(), content }, [], D0)).toBe('2026-12-05');
    expect(validUntil({ tenant: tenant(), content }, [], D0 + 12 * DAY)).toBe('2026-12-21');
  });
});
