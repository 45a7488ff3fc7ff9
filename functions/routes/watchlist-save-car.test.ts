import { describe, expect, it } from 'vitest';
import { commonPostChecks, signIn, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('POST /api/watchlist/save-car', () => {
  const h = useHarness();
  const save = (cookie: string | undefined, body: unknown, origin?: string) =>
    h.post('/api/watchlist/save-car', body, { ...(cookie ? { headers: { cookie } } : {}), ...(origin ? { origin } : {}) });

  it('saves a car of this site for the signed-in user', async () => {
    const cookie = await signIn(h);
    const res = await save(cookie, { car_id: 'a-hilux' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, car_id: 'a-hilux', added: true });
    const list = (await (await h.request('/api/watchlist', { headers: { cookie } })).json()) as { watchlist: { id: string }[] };
    expect(list.watchlist.map((c) => c.id)).toEqual(['a-hilux']);
  });

  it('is idempotent: saving twice keeps one entry', async () => {
    const cookie = await signIn(h);
    await save(cookie, { car_id: 'a-hilux' });
    const again = await save(cookie, { car_id: 'a-hilux' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true, added: false });
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM watchlist');
    expect(rows[0]?.n).toBe(1);
  });

  it('answers 401 when signed out', async () => {
    const res = await save(undefined, { car_id: 'a-hilux' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("accepts the user's own phone_number in the body and refuses anyone else's (403)", async () => {
    const cookie = await signIn(h);
    expect((await save(cookie, { car_id: 'a-hilux', phone_number: '+61 412 345 678' })).status).toBe(200);
    const other = await save(cookie, { car_id: 'a-corolla-1', phone_number: '0499 999 999' });
    expect(other.status).toBe(403);
    expect((await save(cookie, { car_id: 'a-corolla-1', phone_number: 'not a phone' })).status).toBe(403);
  });

  it("cannot save another tenant's car, nor use its session on another tenant", async () => {
    const cookie = await signIn(h);
    const res = await save(cookie, { car_id: 'b-ranger' });
    expect(res.status).toBe(422);
    expect((await save(cookie, { car_id: 'b-ranger' }, BETA)).status).toBe(401);
  });

  it('validates car_id (422)', async () => {
    const cookie = await signIn(h);
    for (const body of [{}, { car_id: '' }, { car_id: { id: 1 } }, { car_id: 'x'.repeat(101) }]) {
      const res = await save(cookie, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { issues: { field: string }[] }).issues[0]?.field).toBe('car_id');
    }
  });

  it('caps the watchlist size', async () => {
    const { buildApp } = await import('../test/harness.ts');
    const cookie = await signIn(h);
    const { app } = buildApp(h.db, h.clock, { watchlistMax: 2 });
    const post = (car_id: string) =>
      app.request(
        'http://localhost/api/watchlist/save-car',
        { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json', cookie }, body: JSON.stringify({ car_id }) },
        { ip: '1.1.1.1' },
      );
    expect((await post('a-corolla-1')).status).toBe(200);
    expect((await post('a-corolla-2')).status).toBe(200);
    expect((await post('a-corolla-3')).status).toBe(422);
    expect((await post('a-corolla-1')).status).toBe(200);
  });

  it('answers 404 where the tenant has no watchlist', async () => {
    const { buildApp } = await import('../test/harness.ts');
    const { Registry } = await import('../registry.ts');
    const { fixtureModels, makeTenant } = await import('../test/fixtures.ts');
    const models = fixtureModels();
    models[0]!.tenant = makeTenant('alpha', { features: {} });
    const built = buildApp(h.db, h.clock);
    const { createApp } = await import('../app.ts');
    const app = createApp({ db: h.db, registry: new Registry(models), clock: h.clock, options: { secret: 'x'.repeat(32) } });
    void built;
    const res = await app.request(
      'http://localhost/api/watchlist/save-car',
      { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json' }, body: '{"car_id":"a-hilux"}' },
      {},
    );
    expect(res.status).toBe(404);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 3; i++) expect((await s.post('/api/watchlist/save-car', { car_id: 'a-hilux' })).status).toBe(401);
    expect((await s.post('/api/watchlist/save-car', { car_id: 'a-hilux' })).status).toBe(429);
  });

  commonPostChecks(h, '/api/watchlist/save-car', () => ({ car_id: 'a-hilux' }));
});
