/**
 * The spec's service booking list: per dealership and make, the dealer's external booking page where
 * it has one (tenant `service_bookings`), else `/service`, the site's own booking form ("also the
 * fallback where no brand-specific booking exists").
 */
import { departmentOf, type Department } from './locations.ts';

/** The site's own service booking page: the fallback. */
export const SERVICE_PATH = '/service';

/** One configured entry: a dealership (slug), optionally a make, and its external booking URL. */
export interface ServiceBookingEntry {
  dealership: string;
  make?: string | undefined;
  url: string;
}

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where a shopper books a service for this dealership and make: the entry for both, else the
 * dealership's entry without a make (all its makes), else /service.
 */
export function serviceBookingHref(entries: readonly ServiceBookingEntry[], dealershipSlug: string | undefined, make: string | undefined): string {
  const own = entries.filter((e) => e.dealership === dealershipSlug);
  return (own.find((e) => same(e.make, make)) ?? own.find((e) => e.make === undefined))?.url ?? SERVICE_PATH;
}

export interface ServiceBookingRow {
  dealership_slug: string;
  dealership_name: string;
  /** The make, or undefined for a dealership with no known make. */
  make: string | undefined;
  href: string;
  /** true: the dealer's own booking page elsewhere; false: this site's /service form. */
  external: boolean;
}

interface TenantLike {
  manufacturer?: string | undefined;
  service_bookings: readonly ServiceBookingEntry[];
  dealerships: readonly { slug: string; name: string; make?: string | undefined }[];
  locations: readonly {
    visible: boolean;
    dealership_slug: string;
    manufacturers: readonly string[];
    location_type: '' | Department;
    location_subtype?: string | undefined;
  }[];
}

/**
 * The list on /service: every dealership with a visible sales or service location (or a booking
 * entry), once per make it sells or services (its locations' makes, else its own make, else the
 * tenant's), in the tenant's dealership order; makes in the order first named.
 */
export function serviceBookingList(tenant: TenantLike): ServiceBookingRow[] {
  const rows: ServiceBookingRow[] = [];
  for (const d of tenant.dealerships) {
    const locs = tenant.locations.filter((l) => l.visible && l.dealership_slug === d.slug && ['sales', 'used', 'service'].includes(departmentOf(l)));
    const entries = tenant.service_bookings.filter((e) => e.dealership === d.slug);
    if (locs.length === 0 && entries.length === 0) continue;
    const makes: string[] = [];
    const add = (m: string | undefined) => m && !makes.some((x) => same(x, m)) && makes.push(m);
    for (const l of locs) l.manufacturers.forEach(add);
    if (makes.length === 0) add(d.make ?? tenant.manufacturer);
    for (const e of entries) add(e.make);
    for (const make of makes.length ? makes : [undefined]) {
      const href = serviceBookingHref(tenant.service_bookings, d.slug, make);
      rows.push({ dealership_slug: d.slug, dealership_name: d.name, make, href, external: href !== SERVICE_PATH });
    }
  }
  return rows;
}

/**
 * A site-wide "Book service online" link (the feature banner, the footer): the dealer's external
 * booking page where every dealership and make of the site books there, else /service, whose list
 * (serviceBookingList) sends each dealership and make to its own booking page.
 */
export function serviceBookingLink(tenant: TenantLike): string {
  const targets = new Set(serviceBookingList(tenant).map((r) => r.href));
  const [only] = [...targets];
  return targets.size === 1 && only !== undefined ? only : SERVICE_PATH;
}
