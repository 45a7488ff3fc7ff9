import { describe, expect, it } from 'vitest';
import { commonPostChecks, expectNoEcho, lastCode, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('POST /api/auth/code', () => {
  const h = useHarness();

  it('sends a 6-digit code through the SMS adapter and stores only its hash', async () => {
    const res = await h.post('/api/auth/code', { phone: '+61 412 345 678' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, expires_in: 600 });
    const code = await lastCode(h);
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await h.db.query<{ code_hash: string; expires_at: Date; tenant: string }>('SELECT code_hash, expires_at, tenant FROM auth_codes');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tenant).toBe('alpha');
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(new Date(rows[0]!.expires_at).getTime() - h.clock.now().getTime()).toBe(600_000);
  });

  it('normalises every way of writing the mobile to one number', async () => {
    for (const phone of ['0412345678', '0412 345 678', '+61412345678', '61 412 345 678', '+61 (0)412-345-678']) {
      h.clock.advance(1000);
      expect((await h.post('/api/auth/code', { phone }, { ip: `10.0.0.${phone.length}` })).status).toBe(200);
    }
    const { rows } = await h.db.query<{ phone: string }>('SELECT DISTINCT phone FROM auth_codes');
    expect(rows).toEqual([{ phone: '+61412345678' }]);
  });

  it('retires the previous code when a new one is sent', async () => {
    await h.post('/api/auth/code', { phone: '0412345678' });
    await h.post('/api/auth/code', { phone: '0412345678' });
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_codes WHERE invalidated_at IS NULL');
    expect(rows[0]?.n).toBe(1);
  });

  for (const [label, body] of [
    ['a landline', { phone: '02 4324 5500' }],
    ['a foreign number', { phone: '+1 415 555 0100' }],
    ['no phone', {}],
    ['a non-string phone', { phone: { n: 1 } }],
  ] as const) {
    it(`refuses ${label} (422)`, async () => {
      const res = await h.post('/api/auth/code', body);
      expect(res.status).toBe(422);
      await expectNoEcho(res, '4324', '415 555');
      expect(((await res.json()) as { issues: { field: string }[] }).issues[0]?.field).toBe('phone');
    });
  }

  it('limits sends per phone: 3 per 10 minutes from one address, 5 from all, then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.1.0.1' })).status).toBe(200);
    expect((await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.1.0.1' })).status).toBe(429);
    // Every request counts, the refused one too: one more from another address makes five.
    expect((await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.1.0.2' })).status).toBe(200);
    const res = await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.1.0.9' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    h.clock.advance(600);
    expect((await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.1.0.10' })).status).toBe(200);
  });

  it("someone else asking for codes to a shopper's phone cannot lock the shopper out for the day", async () => {
    // The attacker uses up the phone's daily allowance from their address, 10 minutes at a time.
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3; i++) await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.66.0.1' });
      h.clock.advance(600);
    }
    expect((await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.66.0.1' })).status).toBe(429);
    // The shopper, from their own address, still gets a code.
    expect((await h.post('/api/auth/code', { phone: '0412345678' }, { ip: '10.2.0.1' })).status).toBe(200);
  });

  it('limits sends per IP', async () => {
    for (let i = 0; i < 10; i++) expect((await h.post('/api/auth/code', { phone: `04123456${String(i).padStart(2, '0')}` })).status).toBe(200);
    expect((await h.post('/api/auth/code', { phone: '0499999999' })).status).toBe(429);
  });

  it('counts per-phone limits per tenant', async () => {
    for (let i = 0; i < 3; i++) await h.post('/api/auth/code', { phone: '0412345678' }, { ip: `10.2.0.${i}` });
    expect((await h.post('/api/auth/code', { phone: '0412345678' }, { origin: BETA })).status).toBe(200);
  });

  it('answers 502 and retires the code when the SMS cannot be sent', async () => {
    const { buildApp } = await import('../test/harness.ts');
    const { app } = buildApp(h.db, h.clock, {}, { sms: { name: 'down', send: () => Promise.reject(new Error('gateway down')) } });
    const res = await app.request(
      'http://localhost/api/auth/code',
      { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json' }, body: '{"phone":"0412345678"}' },
      { ip: '1.1.1.1' },
    );
    expect(res.status).toBe(502);
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_codes WHERE invalidated_at IS NULL');
    expect(rows[0]?.n).toBe(0);
  });

  commonPostChecks(h, '/api/auth/code', () => ({ phone: '0412345678' }));
});
