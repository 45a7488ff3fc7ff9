import { describe, expect, it } from 'vitest';
import { signIn, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('GET /api/auth/session', () => {
  const h = useHarness();

  it('answers the signed-in user', async () => {
    const cookie = await signIn(h);
    const res = await h.request('/api/auth/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { phone: '0412345678', phone_e164: '+61412345678' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 when signed out or with a made-up cookie', async () => {
    expect((await h.request('/api/auth/session')).status).toBe(401);
    expect((await h.request('/api/auth/session', { headers: { cookie: 'sid=made-up' } })).status).toBe(401);
  });

  it('answers 401 after the session expires (30 days)', async () => {
    const cookie = await signIn(h);
    h.clock.advance(30 * 86400 + 1);
    expect((await h.request('/api/auth/session', { headers: { cookie } })).status).toBe(401);
  });

  it("does not accept one tenant's session on another", async () => {
    const cookie = await signIn(h);
    expect((await h.request('/api/auth/session', { headers: { cookie }, origin: BETA })).status).toBe(401);
  });

  it('refuses another origin (403)', async () => {
    expect((await h.request('/api/auth/session', { origin: 'https://evil.example.net' })).status).toBe(403);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05); // 120 per minute -> 6
    for (let i = 0; i < 6; i++) expect((await s.request('/api/auth/session', { ip: '10.9.9.9' })).status).toBe(401);
    expect((await s.request('/api/auth/session', { ip: '10.9.9.9' })).status).toBe(429);
  });
});
