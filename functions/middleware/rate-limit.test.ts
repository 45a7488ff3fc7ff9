import { describe, expect, it } from 'vitest';
import { Http } from '../errors.ts';
import { useHarness } from '../test/harness.ts';
import { rateLimit } from './rate-limit.ts';
import { bareApp, send } from './test-app.ts';

describe('rateLimit(group, rules)', () => {
  const h = useHarness({
    rateLimits: {
      deliveryPerIp: [{ limit: 2, windowSec: 60 }],
      geocodePerIp: [
        { limit: 1, windowSec: 60 },
        { limit: 1, windowSec: 3600 },
      ],
    },
  });

  const app = () => {
    let calls = 0;
    const a = bareApp(h);
    a.get('/api/t', rateLimit(h.app.deps, 'test', 'deliveryPerIp'), (c) => {
      calls++;
      return c.json({ ok: true }, 200);
    });
    a.get('/api/two', rateLimit(h.app.deps, 'two', 'geocodePerIp'), (c) => c.json({ ok: true }, 200));
    return { a, calls: () => calls };
  };

  it('lets requests within the limit through, then answers 429 with Retry-After and never reaches the route', async () => {
    const { a, calls } = app();
    expect((await send(a, '/api/t')).status).toBe(200);
    expect((await send(a, '/api/t')).status).toBe(200);
    h.clock.advance(15);
    const res = await send(a, '/api/t');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: Http.rateLimited });
    // The fake clock is at 01:00:15 in a 60-second window aligned to the epoch: 45 seconds left.
    expect(res.headers.get('Retry-After')).toBe('45');
    expect(calls()).toBe(2);
  });

  it('counts each client (and tenant) in its own bucket named by the group', async () => {
    const { a } = app();
    for (let i = 0; i < 3; i++) await send(a, '/api/t', { ip: '203.0.113.91' });
    expect((await send(a, '/api/t', { ip: '203.0.113.92' })).status).toBe(200);
    const { rows } = await h.db.query<{ bucket: string; hits: number }>('SELECT bucket, hits FROM rate_limits ORDER BY hits DESC');
    expect(rows.map((r) => Number(r.hits))).toEqual([3, 1]);
    for (const r of rows) expect(r.bucket).toMatch(/^test:alpha:ip:[0-9a-f]{32}:60$/);
  });

  it('answers the longest Retry-After among the windows over their limit', async () => {
    const { a } = app();
    expect((await send(a, '/api/two')).status).toBe(200);
    const res = await send(a, '/api/two');
    expect(res.status).toBe(429);
    // 01:00:00 is the start of the hour window: the hour is what the client must wait.
    expect(res.headers.get('Retry-After')).toBe('3600');
  });
});
