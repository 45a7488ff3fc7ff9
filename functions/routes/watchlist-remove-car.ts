/** POST /api/watchlist/remove-car {car_id}: removes a car from the signed-in user's watchlist (idempotent). */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { guardWatchlistWrite, WATCHLIST_OFF } from '../lib/watchlist.ts';
import { feature } from '../middleware/feature.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

export function watchlistRemoveCarRoute(app: Hono<AppEnv>, deps: Deps): void {
  const on = feature((site) => site.tenant.features.watchlist, WATCHLIST_OFF);
  app.post('/api/watchlist/remove-car', on, rateLimit(deps, 'watchlist', 'watchlistPerIp'), async (c) => {
    const g = await guardWatchlistWrite(c, deps);
    if (!g.ok) return g.response;
    const r = await deps.db.query('DELETE FROM watchlist WHERE tenant = $1 AND user_id = $2 AND car_id = $3', [c.get('site').slug, g.user.id, g.carId]);
    return c.json({ success: true, car_id: g.carId, removed: r.rowCount > 0 }, 200);
  });
}
