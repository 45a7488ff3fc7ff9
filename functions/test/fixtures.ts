/** In-memory tenants and stock for the functions' tests (the build's model files are not needed). */
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { takeVdpExtras } from '../../src/lib/schemas/vdp-extras.ts';
import { parseTenantConfig, resolveTenant, type Tenant } from '../../src/lib/tenant/load-tenant.ts';
import type { ModelInput } from '../registry.ts';

export function makeTenant(slug: string, extra: Record<string, unknown> = {}): Tenant {
  const raw = {
    slug,
    name: `${slug[0]?.toUpperCase()}${slug.slice(1)} Motors`,
    url: `https://${slug}.example.com.au`,
    dealerships: [{ id: 7, slug: `${slug}-motors`, name: `${slug} Motors` }],
    locations: [{ id: 1, name: `${slug} Motors Sales`, dealership_slug: `${slug}-motors`, address: { state: 'NSW', postcode: '2250' } }],
    leads: { email: `leads@${slug}.example.com.au`, webhook_url: `https://crm.example.com/${slug}` },
    features: { watchlist: true, finance_quote: true, price_gauge: true, delivery_calculator: true },
    finance: { default_interest: 8.5, establishment_fee: 395 },
    delivery_zones: [
      { name: 'Central Coast', price: 0, postcodes: ['2250-2263'] },
      { name: 'Sydney Metro', price: 199, postcodes: ['2000-2234', '2555-2574'] },
      { name: 'Brisbane', price: 990, postcodes: ['4000'] },
    ],
    ...extra,
  };
  return resolveTenant(parseTenantConfig(raw, slug, `${slug}/tenant.json`), `/fixtures/${slug}`);
}

let seq = 0;
/** A vehicle as ingest makes it: exported extras (payment_processors, finance_lenders...) in `over` are read into `extras`. */
export function makeVehicle(over: Partial<Vehicle> & { make: string; model: string } & Record<string, unknown>): Vehicle {
  seq++;
  const { rest, extras } = takeVdpExtras(over);
  const id = over.id ?? String(1000 + seq);
  const year = over.year ?? 2021;
  const slug = over.slug ?? `${year}-${over.make}-${over.model}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id,
    slug,
    path: `/cars/${slug}`,
    car_type: 'used',
    status: 'in_stock',
    listed: true,
    year,
    km: 40000,
    price: 30000,
    stocknum: `S${id}`,
    image_sources: [],
    spin_sources: [],
    photos: [],
    extras,
    ...rest,
  } as Vehicle;
}

/** Tenant alpha: eight Corollas (comparables), a HiLux, a sold Mazda. Tenant beta: its own cars. */
export function fixtureModels(): ModelInput[] {
  const corollas = [24000, 25500, 26990, 27500, 28000, 29000, 30500, 31990].map((price, i) =>
    makeVehicle({ id: `a-corolla-${i + 1}`, make: 'Toyota', model: 'Corolla', year: 2020 + (i % 3), km: 30000 + i * 5000, price }),
  );
  const alpha: ModelInput = {
    tenant: makeTenant('alpha'),
    vehicles: [
      ...corollas,
      makeVehicle({ id: 'a-hilux', slug: 'a-hilux', make: 'Toyota', model: 'HiLux', year: 2022, price: 55990, views: 10 }),
      makeVehicle({ id: 'a-mazda', slug: 'a-mazda', make: 'Mazda', model: 'CX-5', status: 'sold', sold: true }),
    ],
    built_at: '2026-11-22T00:00:00.000Z',
  };
  const beta: ModelInput = {
    tenant: makeTenant('beta', { features: { watchlist: true, terms_checkbox: true, reserve_online: true }, reserve: { deposit: 500 }, delivery_zones: [] }),
    vehicles: [
      makeVehicle({ id: 'b-ranger', slug: 'b-ranger', make: 'Ford', model: 'Ranger', year: 2023, price: 61990 }),
      makeVehicle({ id: 'b-everest', slug: '2024-ford-everest-b', make: 'Ford', model: 'Everest', year: 2024, price: 68990 }),
      // Its own payment processor sets the deposit (stock export payment_processors).
      makeVehicle({
        id: 'b-puma',
        slug: 'b-puma',
        make: 'Ford',
        model: 'Puma',
        year: 2024,
        price: 34990,
        payment_processors: [{ name: 'Stripe', deposit: 250 }],
      }),
    ],
    built_at: '2026-11-22T00:00:00.000Z',
  };
  return [alpha, beta];
}

export const ALPHA = 'https://alpha.example.com.au';
export const BETA = 'https://beta.example.com.au';
