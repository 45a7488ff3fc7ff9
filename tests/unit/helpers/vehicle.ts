/** The unit tests' car and tenant: a listed 2021 Toyota HiLux SR5 at $45,990 drive away, and Acme Motors with two locations. */
import type { Vehicle } from '../../../src/lib/model/vehicle.ts';
import { parseTenantConfig, resolveTenant } from '../../../src/lib/tenant/load-tenant.ts';

/** A listed car; `id` also names its slug and path unless they are given. */
export function testVehicle(extra: Partial<Vehicle> & Record<string, unknown> = {}): Vehicle {
  const id = extra.id ?? '101';
  const slug = extra.slug ?? `2021-toyota-hilux-${id}`;
  return {
    id,
    slug,
    path: `/cars/${slug}`,
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    badge: 'SR5',
    series: 'GUN126R',
    car_type: 'used',
    status: 'in_stock',
    listed: true,
    just_arrived: false,
    custom_rank: 5,
    price: 45990,
    price_type: 'DAP',
    image_sources: [],
    spin_sources: [],
    photos: [],
    ...extra,
  } as Vehicle;
}

/** Acme Motors (Caringbah and Gosford), with any tenant.json settings added. */
export function testTenant(extra: Record<string, unknown> = {}) {
  const config = {
    slug: 'acme-motors',
    name: 'Acme Motors',
    url: 'https://acme.com.au',
    locations: [{ name: 'Acme Motors Caringbah' }, { name: 'Acme Motors Gosford' }],
    ...extra,
  };
  return resolveTenant(parseTenantConfig(config, 'acme', 'tenant.json'), '/nowhere');
}
