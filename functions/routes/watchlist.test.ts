import { describe, expect, it } from 'vitest';
import { signIn, useHarness } from '../test/harness.ts';
import { BETA, makeTenant, makeVehicle } from '../test/fixtures.ts';
import { vehicleView } from '../../src/lib/model/vehicle-view.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import { watchlistCar } from '../lib/watchlist.ts';
import { savedCarOf } from '../../src/lib/forms/saved-car.ts';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';
import { vehicleFullName } from '../../src/lib/rules/vehicle-title.ts';

describe('GET /api/watchlist', () => {
  const h = useHarness();

  it('lists saved cars newest first, with what the page shows', async () => {
    const cookie = await signIn(h);
    await h.post('/api/watchlist/save-car', { car_id: 'a-corolla-1' }, { headers: { cookie } });
    h.clock.advance(5);
    await h.post('/api/watchlist/save-car', { car_id: 'a-hilux' }, { headers: { cookie } });
    const res = await h.request('/api/watchlist', { headers: { cookie } });
    expect(res.status).toBe(200);
    const { watchlist } = (await res.json()) as { watchlist: Record<string, unknown>[] };
    expect(watchlist.map((c) => c['id'])).toEqual(['a-hilux', 'a-corolla-1']);
    expect(watchlist[0]).toMatchObject({ slug: 'a-hilux', path: '/cars/a-hilux', make: 'Toyota', price: 55990, price_text: '$55,990', available: true });
  });

  it("shows a car as the site's own rules do: price only above 10 (the spec's rule, not > 0), availability, the page's full name", () => {
    const car = (over: Parameters<typeof makeVehicle>[0]) => makeVehicle({ badge: 'SR5', series: 'GUN126R', ...over });
    // The route reads the car's view from the build's model; here the view is made as the build makes it.
    const tenant = makeTenant('alpha', { texts: { no_price: 'Call for price' } });
    const withView = (c: Vehicle) => ({ car: c, view: vehicleView(c, { tenant, now: Date.parse('2026-11-22T00:00:00Z') / 1000 }) });
    for (const price of [0, 5, 10, 11, 55990]) {
      const c = car({ make: 'Toyota', model: 'HiLux', price });
      const shown = watchlistCar(c.id, withView(c));
      expect(shown).toMatchObject({ price: price > 10 ? price : null, price_text: priceDisplay(c, 'Call for price').text });
      // The saved-car record the Save/Favourite buttons carry follows the same rule.
      expect(savedCarOf(c, withView(c).view).specs.price).toBe(price > 10 ? priceDisplay(c).text : '');
    }
    expect(watchlistCar('p', withView(car({ id: 'p', make: 'Kia', model: 'EV9', price: 0, preorder: true })))).toMatchObject({
      price: null,
      price_text: 'PREORDER',
    });
    const hilux = car({ make: 'Toyota', model: 'HiLux', name: 'Something else' });
    expect(watchlistCar(hilux.id, withView(hilux))).toMatchObject({ name: vehicleFullName(hilux) });
    expect(vehicleFullName(hilux)).toBe('2021 Toyota HiLux SR5 GUN126R');
    // A car flagged sold while its status still says in_stock is not available, as on its page.
    const flagged = car({ make: 'Mazda', model: 'CX-5', status: 'in_stock', sold: true });
    expect(watchlistCar(flagged.id, withView(flagged))).toMatchObject({ available: false });
    expect(watchlistCar('c', withView(car({ id: 'c', make: 'Mazda', model: 'CX-5', status: 'coming_soon' })))).toMatchObject({ available: true });
  });

  it('keeps a car that left the stock as unavailable', async () => {
    const cookie = await signIn(h);
    const { rows } = await h.db.query<{ user_id: string }>('SELECT user_id FROM sessions LIMIT 1');
    await h.db.query("INSERT INTO watchlist (tenant, user_id, car_id, created_at) VALUES ('alpha', $1, 'gone-car', $2)", [rows[0]?.user_id, h.clock.now()]);
    const { watchlist } = (await (await h.request('/api/watchlist', { headers: { cookie } })).json()) as { watchlist: unknown[] };
    expect(watchlist).toEqual([{ id: 'gone-car', available: false }]);
  });

  it('answers 401 when signed out', async () => {
    expect((await h.request('/api/watchlist')).status).toBe(401);
  });

  it("never shows one tenant's list on another", async () => {
    const cookie = await signIn(h);
    await h.post('/api/watchlist/save-car', { car_id: 'a-hilux' }, { headers: { cookie } });
    expect((await h.request('/api/watchlist', { headers: { cookie }, origin: BETA })).status).toBe(401);
    const betaCookie = await signIn(h, '0412 345 678', BETA);
    const beta = (await (await h.request('/api/watchlist', { headers: { cookie: betaCookie }, origin: BETA })).json()) as { watchlist: unknown[] };
    expect(beta.watchlist).toEqual([]);
  });

  it('refuses another origin (403)', async () => {
    expect((await h.request('/api/watchlist', { origin: 'https://evil.example.net' })).status).toBe(403);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 3; i++) expect((await s.request('/api/watchlist')).status).toBe(401);
    expect((await s.request('/api/watchlist')).status).toBe(429);
  });
});
