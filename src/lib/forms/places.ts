/**
 * The dealership and website-location selects of a form (spec: each required when shown). A
 * department (sales, service, parts) of a group can have several dealerships, and a dealership several
 * locations. The dealership select shows when there is more than one dealership; the location select
 * lists the chosen dealership's locations and shows only when there is more than one to choose from.
 * Whatever has a single answer is sent without asking. The chosen location also gives the lead its
 * `location` (name) and, for a location-only choice, its `dealership_slug` (service bookings).
 */
import type { Tenant } from '../tenant/load-tenant.ts';

export type Department = 'sales' | 'service' | 'parts';

export interface PlaceOption {
  value: string;
  label: string;
  /** Location options: the dealership the location belongs to. */
  dealership?: string | undefined;
  /** Dealership options: its one location of the department, when it has just one. */
  location_id?: string | undefined;
  location?: string | undefined;
}

export interface ChoiceSelect {
  name: string;
  label: string;
  options: PlaceOption[];
}

/** The visible locations of a department; sales counts locations typed '' (the spec's default), sales and used. */
export function departmentLocations(tenant: Pick<Tenant, 'locations'>, dept: Department): Tenant['locations'] {
  return tenant.locations.filter((l) => l.visible !== false && (dept === 'sales' ? ['', 'sales', 'used'].includes(l.location_type) : l.location_type === dept));
}

/** The selects a department's form shows, and the hidden answers where there is nothing to choose. */
export function placeFields(tenant: Pick<Tenant, 'locations' | 'dealerships'>, dept: Department): { selects: ChoiceSelect[]; hidden: Record<string, string> } {
  const locs = departmentLocations(tenant, dept);
  const fallback = locs.length ? locs : tenant.locations.slice(0, 1);
  const dealers = [...new Set(fallback.map((l) => l.dealership_slug))];
  const selects: ChoiceSelect[] = [];
  const hidden: Record<string, string> = {};
  if (dealers.length > 1) {
    // A dealership with one location of the department is named (and answered) by that location.
    const option = (slug: string): PlaceOption => {
      const own = locs.filter((l) => l.dealership_slug === slug);
      if (own.length === 1) return { value: slug, label: own[0]!.name, location_id: own[0]!.id, location: own[0]!.name };
      return { value: slug, label: tenant.dealerships.find((d) => d.slug === slug)?.name ?? own[0]?.name ?? slug };
    };
    selects.push({ name: 'dealership_slug', label: 'Dealership', options: dealers.map(option) });
  } else if (dealers[0]) hidden['dealership_slug'] = dealers[0];
  if (locs.length > dealers.length) {
    selects.push({ name: 'location_id', label: 'Location', options: locs.map((l) => ({ value: l.id, label: l.name, dealership: l.dealership_slug })) });
  } else if (locs.length === 1) Object.assign(hidden, { location_id: locs[0]!.id, location: locs[0]!.name });
  return { selects, hidden };
}

type Values = Readonly<Record<string, string | boolean | undefined>>;
const text = (v: Values, k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');

/** A location select's options for what is chosen so far: the chosen dealership's locations only. */
function optionsFor(select: ChoiceSelect, values: Values): PlaceOption[] {
  const dealer = text(values, 'dealership_slug');
  return select.options.some((o) => o.dealership !== undefined) && dealer ? select.options.filter((o) => o.dealership === dealer) : select.options;
}

/**
 * The selects to show now, each with the options that apply: a location select waits for the
 * dealership to be chosen (when there is a dealership select) and is left out when one location remains.
 */
export function shownSelects<S extends ChoiceSelect>(selects: readonly S[], values: Values): S[] {
  const hasDealerSelect = selects.some((s) => s.name === 'dealership_slug');
  return selects.flatMap((s) => {
    if (!s.options.some((o) => o.dealership !== undefined)) return [s];
    if (hasDealerSelect && !text(values, 'dealership_slug')) return [];
    const options = optionsFor(s, values);
    return options.length > 1 ? [{ ...s, options }] : [];
  });
}

/** What the chosen place adds to the lead: the location (derived when only one remains), its name and its dealership. */
export function placeValues(selects: readonly ChoiceSelect[], values: Values): Record<string, string> {
  const select = selects.find((s) => s.options.some((o) => o.dealership !== undefined));
  if (select) {
    const options = optionsFor(select, values);
    const chosen = options.find((o) => o.value === text(values, select.name)) ?? (options.length === 1 ? options[0] : undefined);
    if (chosen) return { [select.name]: chosen.value, location: chosen.label, ...(chosen.dealership ? { dealership_slug: chosen.dealership } : {}) };
  }
  // A dealership with one location of the department: that location.
  const dealer = selects.find((s) => s.name === 'dealership_slug')?.options.find((o) => o.value === text(values, 'dealership_slug'));
  return dealer?.location_id ? { location_id: dealer.location_id, location: dealer.location ?? '' } : {};
}
