/**
 * What both feeds say about one car, read from the car's view (src/lib/model/vehicle-view.ts, decided
 * once per build): the shown price, the name, the price label, the page URL and the location the car is
 * advertised from. Nothing here decides a rule again; the feed modules only spell these values the way
 * each marketplace wants them.
 */
import { htmlToText } from '../ingest/mapping.ts';
import type { Vehicle } from '../model/vehicle.ts';
import { localDate } from '../rules/vdp-content.ts';
import { locationById, type VehicleView } from '../model/vehicle-view.ts';
import type { Location, Tenant } from '../tenant/load-tenant.ts';

export interface FeedCar {
  car: Vehicle;
  /** The price the site shows (above 10); undefined when it shows none. */
  price: number | undefined;
  /** "Drive away" | "Excluding government charges" | the exported text | undefined. */
  priceLabel: string | undefined;
  /** Year make model badge series, as forms and the success page name the car. */
  fullName: string;
  /** The vehicle page, absolute. */
  url: string;
  /** Every photo that could be processed, largest size, absolute; the page's order (first is the main photo). */
  photos: string[];
  /** The location the car is at (its own, else the tenant's primary location). */
  location: Location | undefined;
  /** The dealer comments as plain text (HTML removed), or undefined. */
  description: string | undefined;
}

/** An absolute https URL on the tenant's site for a site-relative path. */
export function absoluteUrl(path: string, siteUrl: string): string {
  return new URL(path, siteUrl).href;
}

export function feedCar(car: Vehicle, view: VehicleView, tenant: Pick<Tenant, 'url' | 'locations'>): FeedCar {
  const photos = car.photos.flatMap((p) => {
    const largest = p.ok ? p.sizes.at(-1) : undefined;
    return largest ? [absoluteUrl(largest.url, tenant.url)] : [];
  });
  const location = locationById(tenant.locations, view.servingLocationId);
  const description = car.dealercomments ? htmlToText(car.dealercomments).trim() || undefined : undefined;
  return {
    car,
    price: view.shownPrice,
    priceLabel: view.priceLabel,
    fullName: view.fullName,
    url: view.links.url,
    photos,
    location,
    description,
  };
}

/** 34990 -> "34990.00 AUD" (ISO 4217, as both marketplaces read prices). */
export function priceAud(amount: number): string {
  return `${amount.toFixed(2)} AUD`;
}

/** "272 Manns Road, West Gosford NSW 2250, AU": street, then city, state and postcode, then the country. */
export function postalAddress(location: Location | undefined): string | undefined {
  const a = location?.address;
  if (!a) return undefined;
  const town = [a.city, a.state, a.postcode].filter(Boolean).join(' ');
  const parts = [a.street, town].filter((s): s is string => !!s);
  return parts.length ? [...parts, 'AU'].join(', ') : undefined;
}

/** Unix seconds -> YYYY-MM-DD in Australian Eastern time (ISO 8601 date). */
export function isoDate(unix: number | null | undefined): string | undefined {
  if (unix == null || !Number.isFinite(unix)) return undefined;
  return localDate(unix);
}

/** Body names exports use for a ute (a pickup), normalised as bodyKeys writes them. */
const UTE_BODIES = /^(double|dual|crew|single|extra|king|space|super)?cab(pickup|utility|ute)$|^(pickup|utility)$/;

/**
 * Lookup keys for the car's body, most specific first: `simple_body` (the search facet value), then the
 * exported `body` text. Lower case without spaces, hyphens or a leading door count ("4D Wagon" -> "wagon");
 * a ute body ("Double Cab Pick Up", "Crew Cab Utility") becomes "ute".
 */
export function bodyKeys(car: { simple_body?: string | undefined; body?: string | undefined }): string[] {
  return [car.simple_body, car.body].flatMap((b) => {
    if (!b) return [];
    const k = b
      .toLowerCase()
      .replace(/^\d\s*d(oor)?\b/, '')
      .replace(/[\s_-]/g, '');
    return [UTE_BODIES.test(k) ? 'ute' : k];
  });
}
