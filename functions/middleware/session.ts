import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { currentUser, type SessionUser } from '../lib/session.ts';

/** What signedIn() adds to a route's variables. */
export interface UserEnv {
  Variables: {
    /** The signed-in user of this tenant (functions/lib/session.ts currentUser). */
    user: SessionUser;
  };
}

/**
 * A route for the signed-in user only: without a live session of this tenant the answer is 401
 * `{error: Http.signedOut}` (or the route's own body, e.g. the watchlist writes' `{success: false, error}`);
 * with one, the user is c.var.user.
 */
export function signedIn(deps: Deps, body: object = { error: Http.signedOut }): MiddlewareHandler<AppEnv & UserEnv> {
  return async (c, next) => {
    const user = await currentUser(c, deps);
    if (!user) return c.json(body, 401);
    c.set('user', user);
    return next();
  };
}
