import { DEFAULT_TIME_ZONE, localDay } from './tenant-clock.ts';
import { formatNumber } from './format.ts';
import { truncateText } from './truncate.ts';
import type { SpecItem } from './key-specs.ts';

/** Spec section 9: specs preview 4, feature lists 8, dealer comments cut at 400. */
export const SPECS_PREVIEW = 4;
export const FEATURES_PREVIEW = 8;
export const COMMENTS_LIMIT = 400;
export const COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';
/** The below-market badge needs an average above the price by more than this. */
export const BELOW_MARKET_MARGIN = 499;

/** The first `limit` items, and the rest behind Show More / Show All. */
export function splitPreview<T>(items: readonly T[], limit: number): { shown: T[]; more: T[] } {
  return { shown: items.slice(0, limit), more: items.slice(limit) };
}

export type CommentsDisplay = { kind: 'pending'; text: string } | { kind: 'text'; full: string; short?: string | undefined };

/** Dealer comments: the pending text when empty; cut at 400 characters with show more/less. */
export function dealerComments(text: string | null | undefined): CommentsDisplay {
  const full = (text ?? '').trim();
  if (full === '') return { kind: 'pending', text: COMMENTS_PENDING };
  return { kind: 'text', full, short: full.length > COMMENTS_LIMIT ? truncateText(full, COMMENTS_LIMIT) : undefined };
}

/** YYYY-MM-DD of a unix time in Australian Eastern time (the feeds' dates; a tenant's own day is tenant-clock's localDay). */
export function localDate(unix: number): string {
  return localDay(unix, DEFAULT_TIME_ZONE);
}

/** "2027-03-12", "12/03/2027" or an ISO date-time -> YYYY-MM-DD; undefined when unreadable. */
export function parseDate(value: string | null | undefined): string | undefined {
  const s = (value ?? '').trim();
  const au = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = au ? `${au[3]}-${au[2]?.padStart(2, '0')}-${au[1]?.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}/.exec(s)?.[0];
  if (!iso || Number.isNaN(Date.parse(`${iso}T00:00:00Z`))) return undefined;
  return iso;
}

/** 2027-03-12 -> "12/03/2027". */
export function formatAuDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Rego expiry: "Expires on {date}" for today or later; a past date shows "Unregistered" where the
 * tenant configures it, otherwise nothing. An unreadable date shows nothing.
 */
export function regoExpiryText(expiry: string | null | undefined, now: number, showUnregistered: boolean, zone = DEFAULT_TIME_ZONE): string | undefined {
  const date = parseDate(expiry);
  if (!date) return undefined;
  // A rego expiry is a date where the dealer is: it lapses at the end of that day in the tenant's zone.
  if (date < localDay(now, zone)) return showUnregistered ? 'Unregistered' : undefined;
  return `Expires on ${formatAuDate(date)}`;
}

/**
 * Below-market badge: the state or national average exceeds the price by more than 499, and the price
 * is below the state average.
 */
export function isBelowMarket(
  price: number | null | undefined,
  market: { average_market_price?: number | null | undefined; state_average_market_price?: number | null | undefined } | undefined,
): boolean {
  if (price == null || price <= 10 || !market) return false;
  const state = market.state_average_market_price;
  const national = market.average_market_price;
  if (state == null) return false;
  const exceeds = state - price > BELOW_MARKET_MARGIN || (national != null && national - price > BELOW_MARKET_MARGIN);
  return exceeds && price < state;
}

export interface AddressFacts {
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  postcode?: string | undefined;
  place_url?: string | undefined;
}

/** The address's own map link, else a Google Maps directions link to the street address. */
export function directionsUrl(address: AddressFacts): string | undefined {
  if (address.place_url) return address.place_url;
  const where = [address.street, address.city, [address.state, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return where ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(where)}` : undefined;
}

/** The announcement bar: 'Located at {city}' for a car at a non-primary location; nothing otherwise. */
export function locationAnnouncement(location: { primary: boolean; city?: string | undefined; name: string } | undefined): string | undefined {
  if (!location || location.primary) return undefined;
  return `Located at ${location.city ?? location.name}`;
}

type Value = string | number | null | undefined;
function items(list: [string, Value][]): SpecItem[] {
  return list
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null && e[1] !== '')
    .map(([label, value]) => ({ label, value: String(value) }));
}
const withUnit = (n: number | null | undefined, unit: string, digits = 0) =>
  n == null ? undefined : `${digits > 0 ? n.toFixed(digits) : formatNumber(n)}${unit}`;

/** Car Details: identity and paperwork (the key specifications are listed separately). */
export function carDetails(car: {
  year?: number | null | undefined;
  make: string;
  model?: string | undefined;
  badge?: string | undefined;
  series?: string | undefined;
  interior_colour?: string | undefined;
  gearnum?: number | null | undefined;
  build_date?: string | undefined;
  compliance_date?: string | undefined;
  car_type: string;
}): SpecItem[] {
  const date = (s: string | undefined) => {
    const d = parseDate(s);
    return d ? formatAuDate(d) : s;
  };
  return items([
    ['Condition', { new: 'New', used: 'Used', demo: 'Demo' }[car.car_type] ?? car.car_type],
    ['Year', car.year],
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Series', car.series],
    ['Interior colour', car.interior_colour],
    ['Gears', car.gearnum],
    ['Build date', date(car.build_date)],
    ['Compliance date', date(car.compliance_date)],
  ]);
}

export interface SpecGroup {
  title: string;
  items: SpecItem[];
}

/** All Specifications: the variant's engine, fuel, dimensions and body fields, and a caravan's. */
export function allSpecifications(
  variant: {
    cylinders?: number | null | undefined;
    enginesize?: number | null | undefined;
    enginesize_litres?: number | null | undefined;
    induction?: string | null | undefined;
    torque?: string | null | undefined;
    fuelconsumptioncombined?: number | null | undefined;
    fuelcapacity?: number | null | undefined;
    grossvehiclemass?: number | null | undefined;
    vehiclelength?: number | null | undefined;
    vehicleheight?: number | null | undefined;
    vehiclewidth?: number | null | undefined;
    towingcapacitybraked?: number | null | undefined;
    bodyconfiguration?: string | null | undefined;
    ancaprating?: string | null | undefined;
    geartype?: string | null | undefined;
  } = {},
  caravan: {
    body_width?: number | null | undefined;
    body_length?: number | null | undefined;
    tare_weight?: number | null | undefined;
    axle_type?: string | null | undefined;
    sleeps?: number | null | undefined;
    aggregate_trailer_mass?: number | null | undefined;
  } = {},
): SpecGroup[] {
  const groups: SpecGroup[] = [
    {
      title: 'Engine',
      items: items([
        ['Cylinders', variant.cylinders],
        ['Engine size', withUnit(variant.enginesize, ' cc')],
        ['Engine size (litres)', withUnit(variant.enginesize_litres, ' L', 1)],
        ['Induction', variant.induction],
        ['Torque', variant.torque],
      ]),
    },
    {
      title: 'Fuel',
      items: items([
        ['Fuel consumption (combined)', withUnit(variant.fuelconsumptioncombined, ' L/100km', 1)],
        ['Fuel capacity', withUnit(variant.fuelcapacity, ' L')],
      ]),
    },
    {
      title: 'Dimensions and weights',
      items: items([
        ['Length', withUnit(variant.vehiclelength, ' mm')],
        ['Width', withUnit(variant.vehiclewidth, ' mm')],
        ['Height', withUnit(variant.vehicleheight, ' mm')],
        ['Gross vehicle mass', withUnit(variant.grossvehiclemass, ' kg')],
        ['Towing capacity (braked)', withUnit(variant.towingcapacitybraked, ' kg')],
      ]),
    },
    {
      title: 'Body and safety',
      items: items([
        ['Body configuration', variant.bodyconfiguration],
        ['Gear type', variant.geartype],
        ['ANCAP rating', variant.ancaprating],
      ]),
    },
    {
      title: 'Caravan',
      items: items([
        // The spec gives no unit for the width: shown as exported.
        ['Body width', caravan.body_width],
        ['Body length', withUnit(caravan.body_length, ' ft', 1)],
        ['Tare weight', withUnit(caravan.tare_weight, ' kg')],
        ['Axle type', caravan.axle_type],
        ['Sleeps', caravan.sleeps],
        ['Aggregate trailer mass', withUnit(caravan.aggregate_trailer_mass, ' kg')],
      ]),
    },
  ];
  return groups.filter((g) => g.items.length > 0);
}
