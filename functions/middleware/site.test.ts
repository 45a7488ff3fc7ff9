import { describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../options.ts';
import { useHarness } from '../test/harness.ts';
import { clientIp } from './site.ts';

describe('clientIp behind trusted proxies', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY', () => {
    expect(clientIp('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9');
  });
  it('takes the right-most entry not added by a trusted proxy', () => {
    // One proxy (nginx with $proxy_add_x_forwarded_for): the last entry is what it saw.
    expect(clientIp('10.0.0.1', '6.6.6.6, 203.0.113.50', 1)).toBe('203.0.113.50');
    // CDN then load balancer: the CDN appended the client, the balancer appended the CDN.
    expect(clientIp('10.0.0.1', '6.6.6.6, 203.0.113.50, 130.176.1.1', 2)).toBe('203.0.113.50');
    // Fewer entries than trusted hops: the left-most one any trusted proxy added.
    expect(clientIp('10.0.0.1', '203.0.113.50', 2)).toBe('203.0.113.50');
    expect(clientIp('10.0.0.1', ' , ', 1)).toBe('10.0.0.1');
  });
  it('reads TRUST_PROXY as a number of hops', () => {
    expect(trustProxyFromEnv(undefined)).toBe(0);
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('true')).toBe(1);
    expect(trustProxyFromEnv('-1')).toBe(0);
  });
});

describe('the tenant of a request without Origin, behind a proxy that forwards the host', () => {
  const path = '/api/cars/a-hilux/view.json';
  const forwarded = { origin: null, headers: { 'x-forwarded-host': 'alpha.example.com.au' } };

  describe("with TRUST_PROXY (the Cloudflare Worker in front: it cannot send the site's Host)", () => {
    const h = useHarness({ trustProxy: 1 });
    it('is the one owning X-Forwarded-Host', async () => {
      expect((await h.request(path, forwarded)).status).toBe(200);
    });
    it('is decided by the last value, the one the nearest proxy added', async () => {
      const res = await h.request(path, { origin: null, headers: { 'x-forwarded-host': 'alpha.example.com.au, nobody.example' } });
      expect(res.status).toBe(404);
    });
  });

  describe('without TRUST_PROXY', () => {
    const h = useHarness();
    it("ignores X-Forwarded-Host: the Host decides (here nobody's)", async () => {
      expect((await h.request(path, forwarded)).status).toBe(404);
    });
  });
});
