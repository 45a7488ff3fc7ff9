/** GET /api/watchlist: the signed-in user's saved cars on this site, newest first; 401 when signed out. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { watchlistCar } from '../lib/watchlist.ts';
import { feature } from '../middleware/feature.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { signedIn } from '../middleware/session.ts';

export function watchlistRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get(
    '/api/watchlist',
    feature((site) => site.tenant.features.watchlist),
    rateLimit(deps, 'watchlist', 'watchlistPerIp'),
    signedIn(deps),
    async (c) => {
      const site = c.get('site');
      const user = c.get('user');
      const { rows } = await deps.db.query<{ car_id: string }>(
        'SELECT car_id FROM watchlist WHERE tenant = $1 AND user_id = $2 ORDER BY created_at DESC, car_id',
        [site.slug, user.id],
      );
      return c.json(
        {
          watchlist: rows.map((r) => {
            const car = site.carById(r.car_id);
            return watchlistCar(r.car_id, car && { car, view: site.view(car) });
          }),
        },
        200,
      );
    },
  );
}
