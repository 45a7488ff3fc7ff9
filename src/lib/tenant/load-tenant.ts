import { TenantConfigInvalid, TenantConfigUnknownField, dealerError } from '../errors/errors-data.ts';
import { withoutAbsent } from '../schemas/absent.ts';
import { formatIssues } from '../schemas/issues.ts';
import { parseSettingUnknownAside } from '../schemas/unknown-fields.ts';
import type { LocationConfig } from '../schemas/location.ts';
import { TenantConfigSchema, type TenantConfig } from '../schemas/tenant.ts';
import { slugify } from '../utils/slugify.ts';

/** A location after defaults: it always has an id, a slug and a dealership slug. */
export type Location = LocationConfig & { id: string; slug: string; dealership_slug: string };

export interface Dealership {
  id: string;
  slug: string;
  name: string;
  make?: string | undefined;
  url?: string | undefined;
  /** Its own recent-sold window (rules/listing.ts recentSoldDays). */
  recent_sold_days?: number | undefined;
  average_rating?: number | undefined;
  review_count?: number | undefined;
}

/** A validated tenant with derived values filled in. */
export type Tenant = Omit<TenantConfig, 'locations' | 'dealerships'> & {
  /** The folder the tenant was read from (absolute). */
  dir: string;
  locations: Location[];
  dealerships: Dealership[];
};

/** Top-level keys whose values are instructions, not data: a null there means something (a mapping to null). */
const KEPT_AS_WRITTEN: ReadonlySet<string> = new Set(['stock', '$schema']);

/**
 * Validates an already-parsed tenant.json. Absent values (null, "", "N/A", "-", "TBA") are dropped
 * first, so an optional field written as null is simply not set. A field the schema does not know is
 * a warning line (with a did-you-mean) and is ignored; a known field with a bad value throws
 * TenantConfigInvalid naming every bad field.
 */
export function readTenantConfig(raw: unknown, tenantName: string, file: string): { config: TenantConfig; warnings: string[] } {
  const cleaned = raw && typeof raw === 'object' && !Array.isArray(raw) ? withoutAbsent(raw, { keep: KEPT_AS_WRITTEN }) : raw;
  const result = parseSettingUnknownAside(TenantConfigSchema, cleaned);
  const warnings = result.unknown.map((u) => TenantConfigUnknownField.message(file, u.path, u.suggestion));
  if (!result.success) throw dealerError(TenantConfigInvalid, tenantName, file, [...formatIssues(result.issues), ...warnings]);
  return { config: result.output, warnings };
}

/** readTenantConfig without the warnings (tests and tools that only need the config). */
export function parseTenantConfig(raw: unknown, tenantName: string, file: string): TenantConfig {
  return readTenantConfig(raw, tenantName, file).config;
}

/** Fills in ids and slugs the spec derives, and a dealership per distinct dealership slug. */
export function resolveTenant(config: TenantConfig, dir: string): Tenant {
  const usedSlugs = new Set<string>();
  const locations: Location[] = config.locations.map((loc, i) => {
    let slug = loc.slug ?? slugify(loc.name);
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${loc.slug ?? slugify(loc.name)}-${n}`;
    usedSlugs.add(slug);
    return {
      ...loc,
      average_rating: loc.average_rating ?? loc.reviews?.average_rating,
      review_count: loc.review_count ?? loc.reviews?.count,
      id: String(loc.id ?? i + 1),
      slug,
      dealership_slug: loc.dealership_slug ?? config.dealerships[0]?.slug ?? config.slug,
    };
  });
  // A tenant with no primary location treats its first one as primary.
  if (!locations.some((l) => l.primary) && locations[0]) locations[0] = { ...locations[0], primary: true };

  const dealerships: Dealership[] = config.dealerships.map((d) => ({ ...d, id: String(d.id) }));
  for (const loc of locations) {
    if (!dealerships.some((d) => d.slug === loc.dealership_slug)) {
      dealerships.push({
        id: String(loc.dealership_id ?? dealerships.length + 1),
        slug: loc.dealership_slug,
        name: loc.dealership_slug === config.slug ? config.name : loc.name,
      });
    }
  }
  return { ...config, dir, locations, dealerships };
}
