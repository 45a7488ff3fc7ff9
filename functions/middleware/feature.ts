import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { Http } from '../errors.ts';
import type { Site } from '../registry.ts';

/**
 * A route of a feature the tenant may switch off: off, it is 404 `{error: Http.featureOff}` (or the
 * route's own body, e.g. the watchlist writes' `{success: false, error}`), before any limit is counted.
 */
export function feature(isOn: (site: Site) => boolean, body: object = { error: Http.featureOff }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isOn(c.get('site'))) return c.json(body, 404);
    return next();
  };
}
