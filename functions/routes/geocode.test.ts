import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.ts';

describe('GET /api/geocode', () => {
  const h = useHarness();

  it('answers coordinates and state from the bundled GeoNames table', async () => {
    const res = await h.request('/api/geocode?postcode=2000');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ postcode: '2000', country: 'AU', state: 'NSW', states: ['NSW'] });
    expect(body['latitude']).toBeCloseTo(-33.87, 1);
    expect(body['longitude']).toBeCloseTo(151.2, 1);
    expect(res.headers.get('cache-control')).toContain('max-age');
  });

  it('keeps leading zeros and answers every state of a cross-border postcode', async () => {
    const act = (await (await h.request('/api/geocode?postcode=0200')).json()) as { state: string };
    expect(act.state).toBe('ACT');
    const nt = (await (await h.request('/api/geocode?postcode=0872')).json()) as { states: string[] };
    expect(nt.states.sort()).toEqual(['NT', 'SA', 'WA']);
  });

  it('answers "Invalid postcode" for an unknown postcode (404)', async () => {
    const res = await h.request('/api/geocode?postcode=0001');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Invalid postcode' });
  });

  it('answers the 4-digit message for a malformed postcode (400)', async () => {
    for (const q of ['', '?postcode=', '?postcode=200', '?postcode=2,000', '?postcode=abcd']) {
      const res = await h.request(`/api/geocode${q}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Invalid postcode. Please enter a 4-digit number.' });
    }
  });

  it('refuses another origin (403)', async () => {
    expect((await h.request('/api/geocode?postcode=2000', { origin: 'https://evil.example.net' })).status).toBe(403);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 3; i++) expect((await s.request('/api/geocode?postcode=2000')).status).toBe(200);
    expect((await s.request('/api/geocode?postcode=2000')).status).toBe(429);
  });
});
