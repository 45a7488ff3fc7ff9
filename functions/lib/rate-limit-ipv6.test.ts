/**
 * Issue 27: every IPv6 address was its own client, so a host with a /64 (2^64 addresses) passed every
 * per-IP limit. The limits now count an IPv6 client by its /64 (options.ipv6Prefix,
 * RATE_LIMIT_IPV6_PREFIX). Tested through TRUST_PROXY: the address the trusted proxy appended to
 * X-Forwarded-For is the client's.
 */
import { describe, expect, it } from 'vitest';
import { ipv6PrefixFromEnv } from '../options.ts';
import { buildApp, useHarness } from '../test/harness.ts';
import { ALPHA } from '../test/fixtures.ts';
import { clientNetwork } from './rate-limit.ts';

const enquiry = () => ({ category: 'General', name: 'Jess', email: 'jess@example.com', terms_conditions: true });

/** A different address of the same /64 for each request: 2001:db8:aaaa:1::<n>. */
const sameNet = (n: number) => `2001:db8:aaaa:1:${(n + 1).toString(16)}:0:0:${(n * 7 + 3).toString(16)}`;

describe('clientNetwork', () => {
  it('keys IPv6 by its /64, IPv4 by the address, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientNetwork('2001:db8:aaaa:1::1')).toBe('2001:db8:aaaa:1:0:0:0:0/64');
    expect(clientNetwork('2001:0DB8:AAAA:0001:ffff:1:2:3')).toBe('2001:db8:aaaa:1:0:0:0:0/64');
    expect(clientNetwork('2001:db8:aaaa:2::1')).toBe('2001:db8:aaaa:2:0:0:0:0/64');
    expect(clientNetwork('[2001:db8::1]')).toBe('2001:db8:0:0:0:0:0:0/64');
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('unknown')).toBe('unknown');
  });
  it('takes another prefix when configured (a /56, or 128 for one address per client)', () => {
    expect(clientNetwork('2001:db8:aaaa:12ff::1', 56)).toBe('2001:db8:aaaa:1200:0:0:0:0/56');
    expect(clientNetwork('2001:db8:aaaa:1::1', 128)).toBe('2001:db8:aaaa:1:0:0:0:1/128');
    expect(clientNetwork('2001:db8:aaaa:1::1', 48)).toBe('2001:db8:aaaa:0:0:0:0:0/48');
  });
  it('reads RATE_LIMIT_IPV6_PREFIX (16 to 128), else 64', () => {
    expect(ipv6PrefixFromEnv(undefined)).toBe(64);
    expect(ipv6PrefixFromEnv('56')).toBe(56);
    expect(ipv6PrefixFromEnv('128')).toBe(128);
    for (const bad of ['', 'x', '0', '8', '129', '64.5']) expect(ipv6PrefixFromEnv(bad)).toBe(64);
  });
});

describe('per-IP limits behind TRUST_PROXY=1 count an IPv6 /64 as one client', () => {
  const h = useHarness();
  /** The proxy (socket peer 10.0.0.1) appended `client`; the client forged the first entry. */
  const via = (app: ReturnType<typeof buildApp>['app'], path: string, client: string, init: { method?: string; body?: unknown } = {}) =>
    app.request(
      `http://localhost${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          origin: ALPHA,
          'x-forwarded-for': `198.18.0.1, ${client}`,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      },
      { ip: '10.0.0.1' },
    );

  it('leads per IP: a new address of the same /64 for each lead is still one client', async () => {
    const { app } = buildApp(h.db, h.clock, { trustProxy: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await via(app, '/api/leads', sameNet(i), { method: 'POST', body: enquiry() })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another /64 is another client.
    expect((await via(app, '/api/leads', '2001:db8:aaaa:2::1', { method: 'POST', body: enquiry() })).status).toBe(201);
  });

  it('the lead surge rule holds a flooding /64 to its surge limit, while a shopper elsewhere gets through', async () => {
    const { app } = buildApp(h.db, h.clock, {
      trustProxy: 1,
      rateLimits: { leadsPerTenant: [{ limit: 5, windowSec: 3600 }], leadsPerIpInSurge: [{ limit: 3, windowSec: 3600 }] },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await via(app, '/api/leads', sameNet(i), { method: 'POST', body: enquiry() })).status);
    // Past the ceiling (5) the /64 is one address over its surge limit (3): refused from then on.
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await via(app, '/api/leads', '2001:db8:bbbb:1::1', { method: 'POST', body: enquiry() })).status).toBe(201);
  });

  it('the car PDF limit counts the /64', async () => {
    const { app } = buildApp(h.db, h.clock, { trustProxy: 1, rateLimits: { pdfPerIp: [{ limit: 3, windowSec: 60 }] } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await via(app, '/api/cars/a-hilux/pdf', sameNet(i))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await via(app, '/api/cars/a-hilux/pdf', '2001:db8:aaaa:2::9')).status).toBe(200);
  }, 30_000);

  it('the prefix is configurable: with 128 each IPv6 address is its own client again', async () => {
    const { app } = buildApp(h.db, h.clock, { trustProxy: 1, ipv6Prefix: 128, rateLimits: { geocodePerIp: [{ limit: 2, windowSec: 60 }] } });
    for (let i = 0; i < 5; i++) expect((await via(app, '/api/geocode?postcode=2250', sameNet(i))).status).toBe(200);
    const { app: by64 } = buildApp(h.db, h.clock, { trustProxy: 1, rateLimits: { geocodePerIp: [{ limit: 2, windowSec: 60 }] } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await via(by64, '/api/geocode?postcode=2250', `2001:db8:cccc:1::${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
