/**
 * GET  /api/cars/{slug}/view.json: {views, car_fields} for a car of this site.
 * POST /api/cars/{slug}/view.json: counts the visitor once per car (visitor cookie `vid`, stored as
 * an HMAC; and an IP address once per car a day, so a client without the cookie cannot inflate the
 * count), then answers like GET. Views = the export's `views` plus counted visitors.
 */
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { hmac, newToken } from '../lib/crypto.ts';
import { countHits, enforce, ipBucket } from '../lib/rate-limit.ts';
import { cookieOptions, VISITOR_COOKIE } from '../lib/session.ts';

async function answer(c: Context<AppEnv>, deps: Deps, slug: string): Promise<Response> {
  const site = c.get('site');
  const car = site.carBySlug(slug);
  if (!car) return c.json({ error: Http.unknownCar }, 404);
  const { rows } = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM car_views WHERE tenant = $1 AND car_slug = $2', [site.slug, car.slug]);
  const views = Number(car.views ?? 0) + Number(rows[0]?.n ?? 0);
  // What the site says about the car (its name, whether it can be reserved) is the build's view of it.
  const view = site.view(car);
  return c.json(
    {
      views,
      car_fields: {
        id: car.id,
        slug: car.slug,
        name: view.fullName,
        path: car.path,
        status: car.status,
        sold: car.sold ?? false,
        reserved: car.reserved ?? false,
        price: car.price ?? null,
        photos_count: car.photos.length,
        // The reserve pages ask whether this car can still be reserved online: the view's answer, as the lead route's.
        reservable: view.reserve !== undefined,
      },
    },
    200,
  );
}

export function carViewsRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/cars/:slug/view.json', async (c) => {
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'views'), rules: deps.options.rateLimits.viewsPerIp }]);
    if (limited) return limited;
    return answer(c, deps, c.req.param('slug'));
  });

  app.post('/api/cars/:slug/view.json', async (c) => {
    const site = c.get('site');
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'views'), rules: deps.options.rateLimits.viewsPerIp }]);
    if (limited) return limited;
    const car = site.carBySlug(c.req.param('slug'));
    if (!car) return c.json({ error: Http.unknownCar }, 404);
    let visitor = getCookie(c, VISITOR_COOKIE);
    if (!visitor || !/^[\w-]{20,100}$/.test(visitor)) {
      visitor = newToken();
      setCookie(c, VISITOR_COOKIE, visitor, cookieOptions(c, 365 * 86400));
    }
    // A client dropping or inventing the cookie is a new visitor each time: one address counts once per car a day.
    const [perIp] = await countHits(deps, [{ key: `${ipBucket(c, deps, 'view-count')}:${car.slug}`, rules: [{ limit: 1, windowSec: 86400 }] }]);
    if (perIp?.over) return answer(c, deps, car.slug);
    await deps.db.query('INSERT INTO car_views (tenant, car_slug, visitor_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      site.slug,
      car.slug,
      hmac(deps.options.secret, visitor).slice(0, 40),
      deps.clock.now(),
    ]);
    return answer(c, deps, car.slug);
  });
}
