/**
 * The /brands grids and the /{brand-slug}/overview pages. The car, motorcycle and truck grids hold the
 * dealer's franchises: the makes its tenant config says it sells (`manufacturer` and the visible
 * locations' `manufacturers`), each in the grids of the kinds it has in stock (its first kind when it
 * has none). Every other make in stock is in `used` ("Also in stock"): a make with one used car is not
 * a brand the dealer represents. content/brands.json replaces any franchise grid it gives; the makes in
 * stock that no grid holds are still in `used`.
 */
import type { Vehicle } from '../model/vehicle.ts';
import type { SiteModel } from '../site/site-model.ts';
import { slugify } from '../utils/slugify.ts';
import { manufacturerFor, type BrandGroup } from '../rules/manufacturers.ts';
import { contentOf, perModel } from './site-content.ts';

export interface Brand {
  name: string;
  slug: string;
  logo?: string | undefined;
  /** Franchised: sold new by one of the dealer's locations. */
  franchise: boolean;
  vehicles: Vehicle[];
}

export interface GroupBrandTile {
  name: string;
  slug: string;
  description?: string | undefined;
  /** Where the tile links: its overview page, or the url the content gives. */
  href: string;
  logo?: string | undefined;
  /** Has a /{slug}/overview page (a dealership of the group). */
  overview: boolean;
  dealership_slug?: string | undefined;
}

export interface BrandGrids {
  car: Brand[];
  motorcycle: Brand[];
  truck: Brand[];
  /** Makes in stock that are not franchises (nor in a grid content/brands.json gives), A to Z. */
  used: Brand[];
  group: GroupBrandTile[];
}

export const BRAND_GROUP_TITLES: Record<keyof BrandGrids, string> = {
  car: 'Car brands',
  motorcycle: 'Motorcycle brands',
  truck: 'Truck brands',
  used: 'Also in stock',
  group: 'Our group',
};

/** The grid a vehicle belongs to by its item_type; caravans and other kinds are in no grid. */
function groupOfVehicle(v: Vehicle): BrandGroup | undefined {
  const t = (v.item_type ?? 'car').toLowerCase();
  return t === 'car' || t === 'motorcycle' || t === 'truck' ? t : undefined;
}

function franchiseMakes(site: SiteModel): string[] {
  const t = site.tenant;
  return [...(t.manufacturer ? [t.manufacturer] : []), ...t.locations.filter((l) => l.visible).flatMap((l) => l.manufacturers)];
}

export const brandGrids = perModel((site: SiteModel): BrandGrids => {
  const lists = contentOf(site).brands;
  const grids: BrandGrids = { car: [], motorcycle: [], truck: [], used: [], group: [] };
  const franchised = new Set(franchiseMakes(site).map((m) => manufacturerFor(m).slug));
  const stocked = site.vehicles.filter((v) => v.listed && v.make && groupOfVehicle(v) !== undefined);
  const kindsOf = new Map<string, Set<BrandGroup>>();
  for (const v of stocked) {
    const slug = manufacturerFor(v.make).slug;
    const kinds = kindsOf.get(slug) ?? new Set<BrandGroup>();
    kinds.add(groupOfVehicle(v) ?? 'car');
    kindsOf.set(slug, kinds);
  }
  const brandOf = (make: string, franchise: boolean): Brand | undefined => {
    const m = manufacturerFor(make);
    return m.slug ? { name: m.name, slug: m.slug, logo: m.logo, franchise, vehicles: [] } : undefined;
  };
  const held = new Set<string>();
  for (const group of ['car', 'motorcycle', 'truck'] as const) {
    const map = new Map<string, Brand>();
    const add = (make: string) => {
      const b = brandOf(make, franchised.has(manufacturerFor(make).slug));
      if (b && !map.has(b.slug)) map.set(b.slug, b);
    };
    const given = lists?.[group];
    if (given) given.forEach(add);
    else
      for (const make of franchiseMakes(site)) {
        const m = manufacturerFor(make);
        const kinds = kindsOf.get(m.slug);
        if (kinds ? kinds.has(group) : m.groups[0] === group) add(make);
      }
    for (const v of stocked) if (groupOfVehicle(v) === group) map.get(manufacturerFor(v.make).slug)?.vehicles.push(v);
    const brands = [...map.values()];
    for (const b of brands) held.add(b.slug);
    // Given lists keep their order; derived ones are A to Z.
    grids[group] = given ? brands : brands.sort((a, b) => a.name.localeCompare(b.name));
  }
  const used = new Map<string, Brand>();
  for (const v of stocked) {
    const slug = manufacturerFor(v.make).slug;
    if (held.has(slug)) continue;
    const b = used.get(slug) ?? brandOf(v.make, false);
    if (!b) continue;
    used.set(slug, b);
    b.vehicles.push(v);
  }
  grids.used = [...used.values()].sort((a, b) => a.name.localeCompare(b.name));
  const makeSlugs = new Set([...grids.car, ...grids.motorcycle, ...grids.truck, ...grids.used].map((b) => b.slug));
  if (lists?.group) {
    grids.group = lists.group.map((g) => {
      const slug = g.slug ?? slugify(g.name);
      return { name: g.name, slug, description: g.description, href: g.url ?? '/brands', logo: g.logo, overview: false };
    });
  } else if (site.tenant.dealerships.length > 1) {
    grids.group = site.tenant.dealerships
      .filter((d) => site.tenant.locations.some((l) => l.dealership_slug === d.slug && l.visible))
      .map((d) => {
        const overview = !makeSlugs.has(d.slug);
        return { name: d.name, slug: d.slug, href: overview ? `/${d.slug}/overview` : (d.url ?? '/locations'), overview, dealership_slug: d.slug };
      });
  }
  return grids;
});

/** Every make with an overview page, once, whichever grids it is in. */
export function brandOverviews(grids: BrandGrids): Brand[] {
  const seen = new Map<string, Brand>();
  for (const b of [...grids.car, ...grids.motorcycle, ...grids.truck, ...grids.used]) {
    const prev = seen.get(b.slug);
    if (prev) seen.set(b.slug, { ...prev, vehicles: [...prev.vehicles, ...b.vehicles.filter((v) => !prev.vehicles.includes(v))] });
    else seen.set(b.slug, b);
  }
  return [...seen.values()];
}
