/**
 * The /brands grids (car, motorcycle, truck, group) and the /{brand-slug}/overview pages. By default
 * a grid holds the dealer's franchised makes (location and dealership makes) and every make in stock
 * of that kind; content/brands.json replaces any list it gives.
 */
import type { Vehicle } from '../model/vehicle.ts';
import type { SiteModel } from '../site/site-model.ts';
import { slugify } from '../utils/slugify.ts';
import { manufacturerFor, type BrandGroup } from './manufacturers.ts';
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
  group: GroupBrandTile[];
}

export const BRAND_GROUP_TITLES: Record<keyof BrandGrids, string> = {
  car: 'Car brands',
  motorcycle: 'Motorcycle brands',
  truck: 'Truck brands',
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
  const grids: BrandGrids = { car: [], motorcycle: [], truck: [], group: [] };
  const franchised = new Set(franchiseMakes(site).map((m) => manufacturerFor(m).slug));
  const bySlug = () => {
    const map = new Map<string, Brand>();
    const add = (make: string) => {
      const m = manufacturerFor(make);
      if (!m.slug) return undefined;
      const b = map.get(m.slug) ?? { name: m.name, slug: m.slug, logo: m.logo, franchise: franchised.has(m.slug), vehicles: [] };
      map.set(m.slug, b);
      return b;
    };
    return { map, add };
  };
  for (const group of ['car', 'motorcycle', 'truck'] as const) {
    const { map, add } = bySlug();
    const given = lists?.[group];
    if (given) given.forEach(add);
    else for (const make of franchiseMakes(site)) if (manufacturerFor(make).groups[0] === group) add(make);
    for (const v of site.vehicles) {
      if (!v.listed || !v.make || groupOfVehicle(v) !== group) continue;
      const slug = manufacturerFor(v.make).slug;
      const brand = given ? map.get(slug) : add(v.make);
      brand?.vehicles.push(v);
    }
    const brands = [...map.values()];
    // Given lists keep their order; derived ones show franchised makes first, then A to Z.
    grids[group] = given ? brands : brands.sort((a, b) => Number(b.franchise) - Number(a.franchise) || a.name.localeCompare(b.name));
  }
  const makeSlugs = new Set([...grids.car, ...grids.motorcycle, ...grids.truck].map((b) => b.slug));
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
  for (const b of [...grids.car, ...grids.motorcycle, ...grids.truck]) {
    const prev = seen.get(b.slug);
    if (prev) seen.set(b.slug, { ...prev, vehicles: [...prev.vehicles, ...b.vehicles.filter((v) => !prev.vehicles.includes(v))] });
    else seen.set(b.slug, b);
  }
  return [...seen.values()];
}
