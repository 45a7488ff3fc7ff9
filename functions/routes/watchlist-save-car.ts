/** POST /api/watchlist/save-car {car_id}: adds a car of this site's stock to the signed-in user's watchlist. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { invalid } from '../lib/validation.ts';
import { claimsAnotherPhone, WATCHLIST_OFF, WATCHLIST_SIGNED_OUT, WatchlistBody } from '../lib/watchlist.ts';
import { feature } from '../middleware/feature.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { signedIn } from '../middleware/session.ts';
import { validate } from '../middleware/validate.ts';

export function watchlistSaveCarRoute(app: Hono<AppEnv>, deps: Deps): void {
  const on = feature((site) => site.tenant.features.watchlist, WATCHLIST_OFF);
  const limit = rateLimit(deps, 'watchlist', 'watchlistPerIp');
  app.post('/api/watchlist/save-car', on, limit, signedIn(deps, WATCHLIST_SIGNED_OUT), validate(WatchlistBody), async (c) => {
    const user = c.get('user');
    const { car_id: carId, phone_number } = c.req.valid('json');
    if (claimsAnotherPhone(phone_number, user)) return c.json({ success: false, error: Http.phoneMismatch }, 403);
    const site = c.get('site');
    const car = site.carById(carId);
    if (!car) return invalid(c, [{ field: 'car_id', message: Http.unknownCar }]);
    const added = await deps.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM watchlist WHERE tenant = $1 AND user_id = $2', [site.slug, user.id]);
        const r = await tx.query('INSERT INTO watchlist (tenant, user_id, car_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
          site.slug,
          user.id,
          car.id,
          deps.clock.now(),
        ]);
        if (r.rowCount > 0 && Number(rows[0]?.n ?? 0) >= deps.options.watchlistMax) throw new WatchlistFull();
        return r.rowCount > 0;
      })
      .catch((err: unknown) => {
        if (err instanceof WatchlistFull) return 'full' as const;
        throw err;
      });
    if (added === 'full') return invalid(c, [{ field: 'car_id', message: `your watchlist is full (${deps.options.watchlistMax} cars)` }]);
    return c.json({ success: true, car_id: car.id, added }, 200);
  });
}

class WatchlistFull extends Error {}
