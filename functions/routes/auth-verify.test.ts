import { describe, expect, it } from 'vitest';
import { commonPostChecks, lastCode, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/verify', () => {
  const h = useHarness();
  const send = () => h.post('/api/auth/code', { phone: '0412345678' });

  it('signs in with the right code: session cookie HttpOnly, SameSite=Lax, not Secure on localhost', async () => {
    await send();
    const res = await h.post('/api/auth/verify', { phone: '0412 345 678', code: await lastCode(h) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; phone: string } };
    expect(body.user.phone).toBe('0412345678');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sid=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('sets a Secure cookie outside localhost', async () => {
    await send();
    const code = await lastCode(h);
    const res = await h.app.request(
      'https://alpha.example.com.au/api/auth/verify',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://alpha.example.com.au' },
        body: JSON.stringify({ phone: '0412345678', code }),
      },
      { ip: '1.2.3.4' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });

  it('uses a code once', async () => {
    await send();
    const code = await lastCode(h);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code })).status).toBe(200);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code })).status).toBe(400);
  });

  it('expires a code after 10 minutes', async () => {
    await send();
    const code = await lastCode(h);
    h.clock.advance(601);
    const res = await h.post('/api/auth/verify', { phone: '0412345678', code });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/wrong or has expired/);
  });

  it('accepts a code just before it expires', async () => {
    await send();
    const code = await lastCode(h);
    h.clock.advance(599);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code })).status).toBe(200);
  });

  it('retires a code after 5 wrong attempts, even if the right one follows', async () => {
    await send();
    const code = await lastCode(h);
    for (let i = 0; i < 4; i++) expect((await h.post('/api/auth/verify', { phone: '0412345678', code: wrong(code) })).status).toBe(400);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code: wrong(code) })).status).toBe(429);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code })).status).toBe(429);
  });

  it('one address guessing at a number locks only itself out, not the shopper for the window (issue 27)', async () => {
    const attacker = { ip: '198.51.100.66' };
    for (let i = 0; i < 6; i++) await h.post('/api/auth/verify', { phone: '0412345678', code: '000000' }, attacker);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code: '000000' }, attacker)).status).toBe(429);
    // The shopper, from their own address in the same 10 minutes: a typo is a typo (400), then the code works.
    await send();
    const code = await lastCode(h);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code: wrong(code) })).status).toBe(400);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code })).status).toBe(200);
    // Another address of the attacker's /64 is the same client: still locked.
    const { ip } = { ip: '2001:db8:66::1' };
    for (let i = 0; i < 5; i++) await h.post('/api/auth/verify', { phone: '0412999999', code: '000000' }, { ip });
    expect((await h.post('/api/auth/verify', { phone: '0412999999', code: '000000' }, { ip: '2001:db8:66::2' })).status).toBe(429);
  });

  it('answers the same whether or not a code is pending for the number', async () => {
    await send();
    const code = await lastCode(h);
    const tries = async (phone: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++) out.push((await h.post('/api/auth/verify', { phone, code: wrong(code) })).status);
      return out;
    };
    const withCode = await tries('0412345678');
    const withoutCode = await tries('0412999999');
    expect(withCode).toEqual([400, 400, 400, 400, 429, 429]);
    expect(withoutCode).toEqual(withCode);
  });

  it('only accepts the latest code', async () => {
    await send();
    const first = await lastCode(h);
    h.clock.advance(1);
    await send();
    const second = await lastCode(h);
    if (first !== second) expect((await h.post('/api/auth/verify', { phone: '0412345678', code: first })).status).toBe(400);
    expect((await h.post('/api/auth/verify', { phone: '0412345678', code: second })).status).toBe(200);
  });

  it("does not accept one tenant's code on another tenant", async () => {
    await send();
    const res = await h.post('/api/auth/verify', { phone: '0412345678', code: await lastCode(h) }, { origin: BETA });
    expect(res.status).toBe(400);
  });

  it('answers the same for a phone with no code', async () => {
    expect((await h.post('/api/auth/verify', { phone: '0400000000', code: '123456' })).status).toBe(400);
  });

  for (const [label, body, field] of [
    ['a short code', { phone: '0412345678', code: '12345' }, 'code'],
    ['letters in the code', { phone: '0412345678', code: '12a456' }, 'code'],
    ['a bad phone', { phone: '12', code: '123456' }, 'phone'],
    ['a missing code', { phone: '0412345678' }, 'code'],
  ] as const) {
    it(`refuses ${label} (422)`, async () => {
      const res = await h.post('/api/auth/verify', body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { issues: { field: string }[] }).issues.map((i) => i.field)).toContain(field);
    });
  }

  it('rate-limits attempts per IP (30 per 10 minutes)', async () => {
    for (let i = 0; i < 30; i++) await h.post('/api/auth/verify', { phone: '0400000000', code: '000000' });
    const res = await h.post('/api/auth/verify', { phone: '0400000000', code: '000000' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  commonPostChecks(h, '/api/auth/verify', () => ({ phone: '0412345678', code: '123456' }));
});
