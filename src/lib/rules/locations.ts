/**
 * Location rules of the browse side: departments and their tab order, the location block's filter
 * options and column count, the dealership cards of the directory and shared addresses.
 */

export type Department = 'sales' | 'used' | 'service' | 'parts';

/** Tab order on the directory and sort order of locations (sales, used, service, parts). */
export const DEPARTMENT_ORDER: readonly Department[] = ['sales', 'used', 'service', 'parts'];

export const DEPARTMENT_LABEL: Record<Department, string> = { sales: 'Sales', used: 'Used', service: 'Service', parts: 'Parts' };

/** The fields of a location these rules read. */
export interface LocationLike {
  id: string;
  name: string;
  primary: boolean;
  visible: boolean;
  location_type: '' | Department;
  location_subtype?: string | undefined;
  dealership_slug: string;
  address: { street?: string | undefined; postcode?: string | undefined; city?: string | undefined };
}

/** Empty type means sales; a subtype mentioning pre-owned sales makes a location a used one. */
export function departmentOf(loc: Pick<LocationLike, 'location_type' | 'location_subtype'>): Department {
  if (loc.location_subtype && /pre-?owned sales/i.test(loc.location_subtype)) return 'used';
  return loc.location_type === '' ? 'sales' : loc.location_type;
}

/**
 * The spec's location_subtype "may include buying": a location that buys cars from the public (a
 * car-buying centre, "we buy cars"). It stays in its department; it is also listed where a shopper
 * sells a car (/sell-your-car), with a Sell Your Car action.
 */
export function buysCars(loc: Pick<LocationLike, 'location_subtype'>): boolean {
  return loc.location_subtype !== undefined && /\bbuying\b/i.test(loc.location_subtype);
}

/** Visible locations sorted sales, then used, service, parts; primary first within a department. */
export function sortLocations<L extends LocationLike>(locations: readonly L[]): L[] {
  const rank = (l: L) => DEPARTMENT_ORDER.indexOf(departmentOf(l)) * 2 + (l.primary ? 0 : 1);
  return locations
    .filter((l) => l.visible)
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i)
    .map(({ l }) => l);
}

/** The location block's filter: one of these words, or a location id. */
export type LocationFilter = 'primary' | 'sales' | 'service' | 'parts' | 'service-and-parts' | 'buying' | 'all' | (string & {});

/**
 * The visible locations a block shows. `sales` includes used-car locations; `service-and-parts` both
 * after-sales departments; `buying` the locations whose subtype includes buying; any other value is a location id.
 */
export function selectLocations<L extends LocationLike>(locations: readonly L[], filter: LocationFilter): L[] {
  const sorted = sortLocations(locations);
  const dept = (...d: Department[]) => sorted.filter((l) => d.includes(departmentOf(l)));
  switch (filter) {
    case 'all':
      return sorted;
    case 'primary':
      return sorted.filter((l) => l.primary);
    case 'sales':
      return dept('sales', 'used');
    case 'service':
      return dept('service');
    case 'parts':
      return dept('parts');
    case 'service-and-parts':
      return dept('service', 'parts');
    case 'buying':
      return sorted.filter(buysCars);
    default:
      return sorted.filter((l) => l.id === filter);
  }
}

/**
 * Columns of the location block's card grid on wide screens: exactly 6 locations make two rows of 3,
 * more than 3 use 4 columns, 3 use 3, fewer than 3 use 2 (one location renders a single section).
 */
export function locationGridColumns(count: number): 1 | 2 | 3 | 4 {
  if (count <= 1) return 1;
  if (count === 6) return 3;
  if (count > 3) return 4;
  if (count === 3) return 3;
  return 2;
}

function addressKey(l: LocationLike): string | undefined {
  const street = l.address.street
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return street ? `${street}|${l.address.postcode ?? l.address.city?.toLowerCase() ?? ''}` : undefined;
}

/**
 * The locations at the same address as `loc` (itself included), in department order, when there
 * are at least two: the location page then offers a Sales / Service / Parts selector.
 */
export function sharedAddressGroup<L extends LocationLike>(loc: L, locations: readonly L[]): L[] {
  const key = addressKey(loc);
  if (!key) return [];
  const group = sortLocations(locations.filter((l) => addressKey(l) === key));
  return group.length > 1 ? group : [];
}

export interface DealershipGroup<L> {
  dealership_slug: string;
  /** Departments present, in tab order, each with its locations. */
  departments: { department: Department; locations: L[] }[];
}

/** The directory's cards: one per dealership, with a tab per department it has. */
export function groupByDealership<L extends LocationLike>(locations: readonly L[]): DealershipGroup<L>[] {
  const groups = new Map<string, L[]>();
  for (const l of sortLocations(locations)) groups.set(l.dealership_slug, [...(groups.get(l.dealership_slug) ?? []), l]);
  return [...groups].map(([dealership_slug, locs]) => ({
    dealership_slug,
    departments: DEPARTMENT_ORDER.map((department) => ({ department, locations: locs.filter((l) => departmentOf(l) === department) })).filter(
      (d) => d.locations.length > 0,
    ),
  }));
}

/** The text the directory's search box (URL parameter locationQuery) matches against. */
export function locationSearchText(l: LocationLike & { address: { state?: string | undefined } }): string {
  return [l.name, l.address.street, l.address.city, l.address.state, l.address.postcode].filter(Boolean).join(' ').toLowerCase();
}

/** Case-insensitive: every word of the query appears in the location's text. */
export function matchesLocationQuery(text: string, query: string): boolean {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => text.includes(w));
}
