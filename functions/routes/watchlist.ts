/** GET /api/watchlist: the signed-in user's saved cars on this site, newest first; 401 when signed out. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { enforce, ipBucket } from '../lib/rate-limit.ts';
import { currentUser } from '../lib/session.ts';
import { watchlistCar } from '../lib/watchlist.ts';

export function watchlistRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/watchlist', async (c) => {
    const site = c.get('site');
    if (!site.tenant.features.watchlist) return c.json({ error: Http.featureOff }, 404);
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'watchlist'), rules: deps.options.rateLimits.watchlistPerIp }]);
    if (limited) return limited;
    const user = await currentUser(c, deps);
    if (!user) return c.json({ error: Http.signedOut }, 401);
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
  });
}
