/**
 * GET  /api/cars/{slug}/view.json?photos_count=&updated_at=&website_id=: the vehicle page's call (the
 * spec's). Counts this visitor once per car (visitor cookie `vid`, stored as an HMAC; and an IP
 * address once per car a day, so a client without the cookie cannot inflate the count), then answers
 * {views, car_fields}. Counting once per visitor makes repeating the call harmless (idempotent), so a
 * GET may do it; the answer is never cached (`Cache-Control: no-store`).
 *   photos_count: the number of photos the page shows; updated_at: the build time (unix seconds) the
 *   page was made at. Both optional, digits only (400 otherwise); car_fields answers the current ones,
 *   so a page older than the car's data can tell. website_id is accepted and ignored (the site is the
 *   request's origin).
 * POST /api/cars/{slug}/view.json: the same count and answer (kept for pages built before the GET).
 * Views = the export's `views` plus counted visitors.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { hmac, newToken } from '../lib/crypto.ts';
import { countHits, ipBucket } from '../lib/rate-limit.ts';
import { cookieOptions, VISITOR_COOKIE } from '../lib/session.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

/** The query's numbers: absent, or digits (at most 13: unix seconds or milliseconds). */
const DIGITS = /^\d{1,13}$/;
const VIEW_QUERY_ERROR = 'photos_count and updated_at must be whole numbers.';

async function answer(c: Context<AppEnv>, deps: Deps, slug: string): Promise<Response> {
  const site = c.get('site');
  const car = site.carBySlug(slug);
  if (!car) return c.json({ error: Http.unknownCar }, 404);
  const { rows } = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM car_views WHERE tenant = $1 AND car_slug = $2', [site.slug, car.slug]);
  const views = Number(car.views ?? 0) + Number(rows[0]?.n ?? 0);
  // What the site says about the car (its name, whether it can be reserved) is the build's view of it.
  const view = site.view(car);
  c.header('Cache-Control', 'no-store');
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
        // The build these facts come from (unix seconds): a page whose updated_at is older shows older data.
        updated_at: site.now,
      },
    },
    200,
  );
}

const checkViewQuery: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const key of ['photos_count', 'updated_at']) {
    const value = c.req.query(key);
    if (value !== undefined && value !== '' && !DIGITS.test(value)) return c.json({ error: VIEW_QUERY_ERROR }, 400);
  }
  return next();
};

/** Counts this visitor once for the car (cookie, and one address once per car a day), then answers. */
async function countAndAnswer(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  const site = c.get('site');
  const car = site.carBySlug(c.req.param('slug') ?? '');
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
}

export function carViewsRoute(app: Hono<AppEnv>, deps: Deps): void {
  const limit = rateLimit(deps, 'views', 'viewsPerIp');
  // The query is checked before the limit counts, as it always was: a malformed call costs nothing.
  app.get('/api/cars/:slug/view.json', checkViewQuery, limit, (c) => countAndAnswer(c, deps));
  app.post('/api/cars/:slug/view.json', limit, (c) => countAndAnswer(c, deps));
}
