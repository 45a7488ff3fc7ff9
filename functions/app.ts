/**
 * The request-time functions: one Hono app of web-standard handlers, shared by the Node server
 * (functions/node.ts, `npm run serve`), the serverless adapter (functions/adapters/netlify/) and the
 * tests (app.request()). Each route lives in functions/routes/<name>.ts with its test beside it.
 * What routes share is middleware in functions/middleware/: the tenant and client (site), the body's
 * size, type and JSON (json-body, every POST), and per route rateLimit, feature, signedIn,
 * idempotency and validate, so a route's handler holds only its own rules.
 */
import { Hono } from 'hono';
import { localAdapters, type Adapters } from './adapters/index.ts';
import type { AppEnv, Deps } from './context.ts';
import type { Db } from './db/index.ts';
import { API_SECURITY_HEADERS } from '../src/lib/security/headers.ts';
import { Http } from './errors.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { ErrorLog } from './lib/error-log.ts';
import { jsonBody } from './middleware/json-body.ts';
import { siteMiddleware } from './middleware/site.ts';
import { resolveOptions, type OptionsInput } from './options.ts';
import type { Registry } from './registry.ts';
import { authCodeRoute } from './routes/auth-code.ts';
import { authSessionRoute } from './routes/auth-session.ts';
import { authSignOutRoute } from './routes/auth-sign-out.ts';
import { authVerifyRoute } from './routes/auth-verify.ts';
import { autogaugeRoute } from './routes/autogauge.ts';
import { carPdfRoute } from './routes/car-pdf.ts';
import { carViewsRoute } from './routes/car-views.ts';
import { deliveryRoute } from './routes/delivery.ts';
import { geocodeRoute } from './routes/geocode.ts';
import { leadsRoute } from './routes/leads.ts';
import { miscellaneousRoute } from './routes/miscellaneous.ts';
import { phoneRevealRoute } from './routes/phone-reveal.ts';
import { watchlistRoute } from './routes/watchlist.ts';
import { watchlistRemoveCarRoute } from './routes/watchlist-remove-car.ts';
import { watchlistSaveCarRoute } from './routes/watchlist-save-car.ts';
import { youxQuoteRoute } from './routes/youx-quote.ts';

export type { AppEnv, Deps } from './context.ts';

export interface CreateAppConfig {
  db: Db;
  registry: Registry;
  /** Default: every adapter local (mail and SMS to tables, webhooks by fetch, no providers). */
  adapters?: Adapters | undefined;
  clock?: Clock | undefined;
  options: OptionsInput & { secret: string };
  onLeadStored?: Deps['onLeadStored'];
  siteFile?: Deps['siteFile'];
  /** Where unexpected errors are written (default console.error; the production host writes JSON lines). */
  logError?: ((line: string) => void) | undefined;
}

export { isFunctionPath } from './paths.ts';

export function createApp(config: CreateAppConfig): Hono<AppEnv> & { deps: Deps } {
  const clock = config.clock ?? systemClock;
  const deps: Deps = {
    db: config.db,
    registry: config.registry,
    adapters: config.adapters ?? localAdapters(config.db, clock),
    clock,
    options: resolveOptions(config.options),
    onLeadStored: config.onLeadStored,
    siteFile: config.siteFile,
  };
  const app = new Hono<AppEnv>({ strict: false });

  app.use('*', async (c, next) => {
    await next();
    // The site's security headers (src/lib/security/headers.ts), with a CSP under which nothing runs.
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.header(name, value);
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  app.use('/api/*', siteMiddleware(deps));
  app.use('/cars/:slug/autogauge', siteMiddleware(deps));
  app.post('/api/*', jsonBody(deps));

  leadsRoute(app, deps);
  authCodeRoute(app, deps);
  authVerifyRoute(app, deps);
  authSessionRoute(app, deps);
  authSignOutRoute(app, deps);
  watchlistSaveCarRoute(app, deps);
  watchlistRemoveCarRoute(app, deps);
  watchlistRoute(app, deps);
  youxQuoteRoute(app, deps);
  autogaugeRoute(app, deps);
  carViewsRoute(app, deps);
  carPdfRoute(app, deps);
  phoneRevealRoute(app, deps);
  miscellaneousRoute(app, deps);
  geocodeRoute(app, deps);
  deliveryRoute(app, deps);

  app.notFound((c) => c.json({ error: Http.notFound }, 404));
  const errors = new ErrorLog(config.logError);
  app.onError((err, c) => {
    // Never log bodies: they hold visitors' personal data. A repeated error logs its stack once a minute.
    errors.log(`${c.req.method} ${new URL(c.req.url).pathname}`, err);
    return c.json({ error: Http.serverError }, 500);
  });
  return Object.assign(app, { deps });
}
