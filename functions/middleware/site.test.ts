import { describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../options.ts';
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
