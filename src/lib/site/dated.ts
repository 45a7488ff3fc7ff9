/**
 * Everything a tenant's built site says that depends on the build's day alone, and how long it stays
 * true. The nightly build skips a tenant whose inputs have not changed (scripts/lib/fingerprint.ts)
 * only while its published pages would still be built the same: until the first day on which one of
 * these facts changes (a sold car leaves the recently-sold window, a car stops being a New Arrival, a
 * rego lapses, an offer, popup or holiday-hours entry expires, a car's finance offer ends (the
 * compliance step then refuses it: docs/compliance.md), the year in the footer turns).
 *
 * Each fact is worked out by the same rule the pages use, so a rule added to a page without being
 * listed here is caught by the build test that compares a build inside the window with one from its
 * first day, byte for byte (tests/build/incremental-days.test.ts).
 */
import { activeOffers, activePopup, activePromotions } from '../content/site-content.ts';
import { buildDate, tenantTimeZone } from '../rules/tenant-clock.ts';
import { activeSearchPromos } from '../search/promo.ts';
import type { Vehicle } from '../model/vehicle.ts';
import { isJustArrived } from '../rules/card-tag.ts';
import { isListed, recentSoldDays, recentSoldSettings } from '../rules/listing.ts';
import { specialHoursLines, specialOpeningHoursSpecification } from '../rules/opening-hours.ts';
import { regoExpiryText } from '../rules/vdp-content.ts';
import type { SiteModel } from './site-model.ts';

export const DAY_SECONDS = 86_400;

/** How far ahead validUntil looks; a tenant whose facts do not change within it is rebuilt then anyway. */
export const VALIDITY_HORIZON_DAYS = 366;

/**
 * The day-dependent facts of a tenant's site at `now` (unix seconds), as one string to compare.
 * `vehicles` is every valid record, listed or not: the listing window itself is one of the facts.
 */
export function datedFacts(model: Pick<SiteModel, 'tenant' | 'content'>, vehicles: readonly Vehicle[], now: number): string {
  const { tenant } = model;
  const at = { ...model, vehicles: [], views: {}, now, built_at: '' } as SiteModel;
  const today = buildDate(at);
  const windows = recentSoldSettings(tenant);
  const cars = vehicles.map((v) => carDatedFact(tenant, v, now, windows));
  const hours = tenant.locations.map((l) => [specialHoursLines(l.special_hours, today), specialOpeningHoursSpecification(l.special_hours, today)]);
  return JSON.stringify({
    year: new Date(now * 1000).getUTCFullYear(),
    cars,
    hours,
    offers: model.content ? activeOffers(at).map((o) => o.id) : [],
    popup: model.content ? activePopup(at) !== undefined : false,
    search_promos: model.content ? activeSearchPromos(at).map((p) => p.title) : [],
    promotions: model.content ? activePromotions(at).map((p) => p.title) : [],
  });
}

/**
 * One car's day-dependent facts at `now`: whether it is listed, a New Arrival, past a finance offer's
 * end, and what its page says about its rego ('-' for a car not listed). The incremental render
 * (scripts/lib/incremental.ts) hashes it with the car's own inputs.
 */
export function carDatedFact(
  tenant: Pick<SiteModel['tenant'], 'listing' | 'features' | 'dealerships' | 'locations' | 'time_zone'>,
  v: Vehicle,
  now: number,
  windows = recentSoldSettings(tenant),
): string {
  // Each car's own dealership's window, as ingest listed it (rules/listing.ts recentSoldDays).
  if (!isListed(v, now, recentSoldDays(v, windows))) return '-';
  const arrived = isJustArrived(v.created_at, now, tenant.listing.just_arrived_days) ? 'N' : '';
  const ended = financeOfferEnds(v).some((d) => d < dayOf(now)) ? 'E' : '';
  return `${arrived}${ended}${regoExpiryText(v.rego_expiry, now, tenant.features.unregistered_text, tenantTimeZone(tenant)) ?? ''}`;
}

/** The end dates (YYYY-MM-DD) of a car's lender finance offers (finance_lenders[].offerEnds, read at ingest). */
export function financeOfferEnds(v: Pick<Vehicle, 'extras'>): string[] {
  return Object.values(v.extras.finance_lenders).flatMap((e) => {
    const m = e.offerEnds ? /^(\d{4}-\d{2}-\d{2})/.exec(e.offerEnds) : null;
    return m ? [m[1]!] : [];
  });
}

/** YYYY-MM-DD of a unix time (the build day's convention: BUILD_NOW is a UTC date). */
export function dayOf(now: number): string {
  return new Date(now * 1000).toISOString().slice(0, 10);
}

/**
 * The first day after `now`'s day on which the site would be built differently with the same inputs
 * (YYYY-MM-DD), or the horizon's end. A build published on day D with valid_until V serves days D..V-1.
 */
export function validUntil(model: Pick<SiteModel, 'tenant' | 'content'>, vehicles: readonly Vehicle[], now: number, horizon = VALIDITY_HORIZON_DAYS): string {
  const start = Math.floor(now / DAY_SECONDS) * DAY_SECONDS;
  const base = datedFacts(model, vehicles, now);
  for (let d = 1; d <= horizon; d++) {
    const t = start + d * DAY_SECONDS;
    if (datedFacts(model, vehicles, t) !== base) return dayOf(t);
  }
  return dayOf(start + horizon * DAY_SECONDS);
}
