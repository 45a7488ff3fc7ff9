import { describe, expect, it } from 'vitest';
import { commonPostChecks, signIn, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('POST /api/auth/sign-out', () => {
  const h = useHarness();

  it('revokes the session and clears the cookie', async () => {
    const cookie = await signIn(h);
    const res = await h.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;.*Max-Age=0/);
    expect((await h.request('/api/auth/session', { headers: { cookie } })).status).toBe(401);
  });

  it('is idempotent: signing out twice, or when signed out, succeeds', async () => {
    const cookie = await signIn(h);
    expect((await h.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } })).status).toBe(200);
    expect((await h.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } })).status).toBe(200);
    expect((await h.post('/api/auth/sign-out', {})).status).toBe(200);
  });

  it('signs out everywhere: every session of the user on this site, not other users or sites', async () => {
    const phone = await signIn(h);
    h.clock.advance(1);
    const tablet = await signIn(h);
    h.clock.advance(1);
    const someoneElse = await signIn(h, '0498 765 432');
    h.clock.advance(1);
    const otherSite = await signIn(h, '0412 345 678', BETA);
    // Plain sign-out ends only this browser's session.
    expect(phone).not.toBe(tablet);
    const res = await h.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: phone, 'content-type': 'application/json' },
      body: JSON.stringify({ everywhere: true }),
    });
    expect(res.status).toBe(200);
    expect((await h.request('/api/auth/session', { headers: { cookie: phone } })).status).toBe(401);
    expect((await h.request('/api/auth/session', { headers: { cookie: tablet } })).status).toBe(401);
    expect((await h.request('/api/auth/session', { headers: { cookie: someoneElse } })).status).toBe(200);
    expect((await h.request('/api/auth/session', { headers: { cookie: otherSite }, origin: BETA })).status).toBe(200);
  });

  it('plain sign-out leaves the user signed in on other devices', async () => {
    const phone = await signIn(h);
    h.clock.advance(1);
    const tablet = await signIn(h);
    await h.request('/api/auth/sign-out', { method: 'POST', headers: { cookie: phone } });
    expect((await h.request('/api/auth/session', { headers: { cookie: tablet } })).status).toBe(200);
  });

  it("cannot sign out another tenant's session", async () => {
    const cookie = await signIn(h);
    await h.request('/api/auth/sign-out', { method: 'POST', headers: { cookie }, origin: BETA });
    expect((await h.request('/api/auth/session', { headers: { cookie } })).status).toBe(200);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 6; i++) expect((await s.post('/api/auth/sign-out', {}, { ip: '10.8.8.8' })).status).toBe(200);
    expect((await s.post('/api/auth/sign-out', {}, { ip: '10.8.8.8' })).status).toBe(429);
  });

  commonPostChecks(h, '/api/auth/sign-out', () => ({}));
});
