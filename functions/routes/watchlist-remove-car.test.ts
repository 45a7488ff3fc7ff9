import { describe, expect, it } from 'vitest';
import { commonPostChecks, signIn, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('POST /api/watchlist/remove-car', () => {
  const h = useHarness();
  const post = (path: string, cookie: string | undefined, body: unknown, origin?: string) =>
    h.post(path, body, { ...(cookie ? { headers: { cookie } } : {}), ...(origin ? { origin } : {}) });

  it('removes a saved car', async () => {
    const cookie = await signIn(h);
    await post('/api/watchlist/save-car', cookie, { car_id: 'a-hilux' });
    const res = await post('/api/watchlist/remove-car', cookie, { car_id: 'a-hilux' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, car_id: 'a-hilux', removed: true });
    const list = (await (await h.request('/api/watchlist', { headers: { cookie } })).json()) as { watchlist: unknown[] };
    expect(list.watchlist).toEqual([]);
  });

  it('is idempotent: removing twice succeeds', async () => {
    const cookie = await signIn(h);
    await post('/api/watchlist/save-car', cookie, { car_id: 'a-hilux' });
    await post('/api/watchlist/remove-car', cookie, { car_id: 'a-hilux' });
    const again = await post('/api/watchlist/remove-car', cookie, { car_id: 'a-hilux' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true, removed: false });
  });

  it("only touches the signed-in user's list", async () => {
    const jess = await signIn(h, '0412 345 678');
    const sam = await signIn(h, '0498 765 432');
    await post('/api/watchlist/save-car', jess, { car_id: 'a-hilux' });
    await post('/api/watchlist/remove-car', sam, { car_id: 'a-hilux', phone_number: '0498765432' });
    const list = (await (await h.request('/api/watchlist', { headers: { cookie: jess } })).json()) as { watchlist: { id: string }[] };
    expect(list.watchlist.map((c) => c.id)).toEqual(['a-hilux']);
  });

  it("refuses a phone_number that is not the user's (403)", async () => {
    const cookie = await signIn(h);
    expect((await post('/api/watchlist/remove-car', cookie, { car_id: 'a-hilux', phone_number: '0498765432' })).status).toBe(403);
  });

  it('answers 401 when signed out, and on another tenant', async () => {
    expect((await post('/api/watchlist/remove-car', undefined, { car_id: 'a-hilux' })).status).toBe(401);
    const cookie = await signIn(h);
    expect((await post('/api/watchlist/remove-car', cookie, { car_id: 'a-hilux' }, BETA)).status).toBe(401);
  });

  it('validates car_id (422)', async () => {
    const cookie = await signIn(h);
    expect((await post('/api/watchlist/remove-car', cookie, {})).status).toBe(422);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 3; i++) expect((await s.post('/api/watchlist/remove-car', { car_id: 'a-hilux' })).status).toBe(401);
    expect((await s.post('/api/watchlist/remove-car', { car_id: 'a-hilux' })).status).toBe(429);
  });

  commonPostChecks(h, '/api/watchlist/remove-car', () => ({ car_id: 'a-hilux' }));
});
