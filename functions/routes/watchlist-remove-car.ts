/** POST /api/watchlist/remove-car {car_id}: removes a car from the signed-in user's watchlist (idempotent). */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { claimsAnotherPhone, WATCHLIST_OFF, WATCHLIST_SIGNED_OUT, WatchlistBody } from '../lib/watchlist.ts';
import { feature } from '../middleware/feature.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { signedIn } from '../middleware/session.ts';
import { validate } from '../middleware/validate.ts';

export function watchlistRemoveCarRoute(app: Hono<AppEnv>, deps: Deps): void {
  const on = feature((site) => site.tenant.features.watchlist, WATCHLIST_OFF);
  const limit = rateLimit(deps, 'watchlist', 'watchlistPerIp');
  app.post('/api/watchlist/remove-car', on, limit, signedIn(deps, WATCHLIST_SIGNED_OUT), validate(WatchlistBody), async (c) => {
    const user = c.get('user');
    const { car_id: carId, phone_number } = c.req.valid('json');
    if (claimsAnotherPhone(phone_number, user)) return c.json({ success: false, error: Http.phoneMismatch }, 403);
    const r = await deps.db.query('DELETE FROM watchlist WHERE tenant = $1 AND user_id = $2 AND car_id = $3', [c.get('site').slug, user.id, carId]);
    return c.json({ success: true, car_id: carId, removed: r.rowCount > 0 }, 200);
  });
}
