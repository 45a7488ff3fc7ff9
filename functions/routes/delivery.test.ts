import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('GET /api/delivery', () => {
  const h = useHarness();

  it("answers the tenant's zone name and price", async () => {
    const res = await h.request('/api/delivery?postcode=2000');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ postcode: '2000', name: 'Sydney Metro', price: 199 });
    expect(await (await h.request('/api/delivery?postcode=2250')).json()).toMatchObject({ name: 'Central Coast', price: 0 });
  });

  it("uses the spec's exact messages", async () => {
    const empty = await h.request('/api/delivery?postcode=');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Please enter a postcode.' });
    const bad = await h.request('/api/delivery?postcode=20000');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid postcode. Please enter a 4-digit number.' });
    const unknown = await h.request('/api/delivery?postcode=6000');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    });
  });

  it("uses each tenant's own zones (beta has none)", async () => {
    expect((await h.request('/api/delivery?postcode=2000', { origin: BETA })).status).toBe(404);
  });

  it('refuses another origin (403)', async () => {
    expect((await h.request('/api/delivery?postcode=2000', { origin: 'https://evil.example.net' })).status).toBe(403);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 3; i++) expect((await s.request('/api/delivery?postcode=2000')).status).toBe(200);
    expect((await s.request('/api/delivery?postcode=2000')).status).toBe(429);
  });
});
