/**
 * One clock per tenant: the dealer's own day. Dates in a tenant's content (an offer's or a popup's
 * `expires`, holiday hours) and in its stock (a rego expiry) are the dealer's local dates, so "today"
 * and "the end of that day" are worked out in the tenant's time zone: its `time_zone` when set, else
 * the zone of its primary location's state, else Australia/Sydney. A Perth dealer's offer then shows
 * until midnight in Perth, not until 10 pm (Brisbane) or 9 pm (Sydney, in summer).
 *
 * The sales counter alone keeps Australia/Brisbane: the spec names that zone for it
 * (src/lib/rules/sales-counter.ts).
 */

/** The zone of each state and territory's capital (Broken Hill and Eucla aside: set time_zone). */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

type ClockTenant = {
  time_zone?: string | undefined;
  locations: readonly { primary?: boolean | undefined; address?: { state?: string | undefined } | undefined }[];
};

/** The tenant's time zone: its own, else its primary (or first) location's state's, else Sydney. */
export function tenantTimeZone(tenant: ClockTenant): string {
  if (tenant.time_zone) return tenant.time_zone;
  const primary = tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
  const state = primary?.address?.state?.trim().toUpperCase();
  return (state && STATE_TIME_ZONES[state]) || DEFAULT_TIME_ZONE;
}

/** One formatter per zone: making one per call is slow, and these run for every car of a build. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(zone);
  if (!f) dayFormats.set(zone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f;
}

/** The local date (YYYY-MM-DD) in `zone` at a unix time in seconds. */
export function localDay(unix: number, zone: string): string {
  return dayFormat(zone).format(unix * 1000);
}

/** The zone's offset from UTC (minutes east) at a moment (unix ms). */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  let f = partFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p['year']), Number(p['month']) - 1, Number(p['day']), Number(p['hour']), Number(p['minute']), Number(p['second']));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The last second of a local date (YYYY-MM-DD) in `zone`, as unix ms: a date in content "shows through
 * that whole day" where the dealer is. Daylight saving is taken at that moment of that day.
 */
export function endOfLocalDay(date: string, zone: string): number {
  const naive = Date.parse(`${date}T23:59:59Z`);
  // The offset at the naive guess, then at the corrected moment (they differ only across a change of offset).
  const first = naive - zoneOffsetMinutes(zone, naive) * 60_000;
  return naive - zoneOffsetMinutes(zone, first) * 60_000;
}

/**
 * When something that "expires" stops showing, as an ISO time: a date shows through that whole day in
 * the tenant's zone; a full time (with its own zone) is taken as it is. Undefined for no expiry or an
 * unreadable value.
 */
export function expiryInstant(expires: string | undefined, zone: string): string | undefined {
  if (!expires) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? endOfLocalDay(expires, zone) : Date.parse(expires);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Today where the dealer is (YYYY-MM-DD) at the build's "now": dates in content and stock are the dealer's dates. */
export function buildDate(model: { now: number; tenant: ClockTenant }): string {
  return localDay(model.now, tenantTimeZone(model.tenant));
}
