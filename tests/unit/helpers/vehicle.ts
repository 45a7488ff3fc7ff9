/** The unit tests' car and tenant: a listed 2021 Toyota HiLux SR5 at $45,990 drive away, and Acme Motors with two locations. */
import { makeVehicle } from '../../../functions/test/fixtures.ts';
import type { Vehicle } from '../../../src/lib/model/vehicle.ts';
import { parseTenantConfig, resolveTenant } from '../../../src/lib/tenant/load-tenant.ts';

/** A listed car (the functions' makeVehicle with this car's make, model and price); `id` also names its slug and path unless they are given. */
export function testVehicle(extra: Partial<Vehicle> & Record<string, unknown> = {}): Vehicle {
  const hilux = {
    id: '101',
    make: 'Toyota',
    model: 'Hilux',
    badge: 'SR5',
    series: 'GUN126R',
    just_arrived: false,
    custom_rank: 5,
    price: 45990,
    price_type: 'DAP',
  };
  return makeVehicle({ ...hilux, ...extra } as typeof hilux & Partial<Vehicle>);
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
