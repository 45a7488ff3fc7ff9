/**
 * The grammar of a tenant's `time_zone`, which the tenant schema validates. It lives with the schemas
 * (rules/tenant-clock.ts works out the dealer's day from a zone) so that the schemas, which the rules
 * stand on, import nothing from the rules.
 */

/** Whether the runtime knows the zone (an IANA name such as Australia/Perth). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z_+-]+)+$/.test(zone) || zone === 'UTC';
  } catch {
    return false;
  }
}
