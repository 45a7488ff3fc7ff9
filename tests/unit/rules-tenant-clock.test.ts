import { describe, expect, it } from 'vitest';
import { endOfLocalDay, expiryInstant, localDay, tenantTimeZone, zoneOffsetMinutes } from '../../src/lib/rules/tenant-clock.ts';
import { isTimeZone } from '../../src/lib/schemas/time-zone.ts';
import { regoExpiryText } from '../../src/lib/rules/vdp-content.ts';
import { parseTenantConfig } from '../../src/lib/tenant/load-tenant.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('one clock per tenant', () => {
  it("the tenant's zone: its own, else its primary location's state's, else Sydney", () => {
    expect(tenantTimeZone({ time_zone: 'Australia/Darwin', locations: [{ address: { state: 'WA' } }] })).toBe('Australia/Darwin');
    expect(tenantTimeZone({ locations: [{ address: { state: 'NSW' } }, { primary: true, address: { state: 'wa' } }] })).toBe('Australia/Perth');
    expect(tenantTimeZone({ locations: [{ address: { state: 'QLD' } }] })).toBe('Australia/Brisbane');
    expect(tenantTimeZone({ locations: [{}] })).toBe('Australia/Sydney');
  });

  it("today is the dealer's date: 3:30 pm UTC on 26 November is the 27th in Sydney (summer time) and still the 26th in Perth", () => {
    expect(localDay(at('2026-11-26T15:30:00Z'), 'Australia/Sydney')).toBe('2026-11-27');
    expect(localDay(at('2026-11-26T15:30:00Z'), 'Australia/Brisbane')).toBe('2026-11-27');
    expect(localDay(at('2026-11-26T15:30:00Z'), 'Australia/Perth')).toBe('2026-11-26');
  });

  it('the end of a day follows daylight saving on that day', () => {
    expect(zoneOffsetMinutes('Australia/Sydney', Date.parse('2026-12-31T12:00:00Z'))).toBe(660);
    expect(zoneOffsetMinutes('Australia/Sydney', Date.parse('2026-07-01T12:00:00Z'))).toBe(600);
    expect(zoneOffsetMinutes('Australia/Adelaide', Date.parse('2026-12-31T12:00:00Z'))).toBe(630);
    expect(endOfLocalDay('2026-12-31', 'Australia/Perth')).toBe(Date.parse('2026-12-31T23:59:59+08:00'));
    expect(endOfLocalDay('2026-12-31', 'Australia/Sydney')).toBe(Date.parse('2026-12-31T23:59:59+11:00'));
    expect(endOfLocalDay('2026-07-01', 'Australia/Sydney')).toBe(Date.parse('2026-07-01T23:59:59+10:00'));
    // Summer time starts (4 October 2026, 2 am) and ends (5 April 2026, 3 am): the evening has the new offset.
    expect(endOfLocalDay('2026-10-04', 'Australia/Sydney')).toBe(Date.parse('2026-10-04T23:59:59+11:00'));
    expect(endOfLocalDay('2026-04-05', 'Australia/Sydney')).toBe(Date.parse('2026-04-05T23:59:59+10:00'));
    expect(expiryInstant('2026-12-31', 'Australia/Perth')).toBe('2026-12-31T15:59:59.000Z');
    expect(expiryInstant('2026-12-31T17:00:00+10:00', 'Australia/Perth')).toBe('2026-12-31T07:00:00.000Z');
    expect(expiryInstant('soon', 'Australia/Perth')).toBeUndefined();
  });

  it('a rego lapses at the end of its day where the dealer is', () => {
    // 11 pm on 26 November in Perth is already the 27th in Sydney.
    const perthLate = at('2026-11-26T23:00:00+08:00');
    expect(regoExpiryText('2026-11-26', perthLate, true, 'Australia/Perth')).toBe('Expires on 26/11/2026');
    expect(regoExpiryText('2026-11-26', perthLate, true, 'Australia/Sydney')).toBe('Unregistered');
  });

  it('a tenant.json time_zone must be a zone the runtime knows, said with its path', () => {
    expect(isTimeZone('Australia/Perth')).toBe(true);
    expect(isTimeZone('Perth')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const base = { slug: 'acme', name: 'Acme', url: 'https://acme.com.au', locations: [{ name: 'Acme' }] };
    expect(() => parseTenantConfig({ ...base, time_zone: 'Perth' }, 'acme', 'tenant.json')).toThrow(/time_zone.*IANA time zone/);
    expect(() => parseTenantConfig({ ...base, time_zone: 'Australia/Perth' }, 'acme', 'tenant.json')).not.toThrow();
  });
});
