/** GET /api/auth/session: the signed-in user of this site, or 401. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { enforce, ipBucket } from '../lib/rate-limit.ts';
import { currentUser, publicUser } from '../lib/session.ts';

export function authSessionRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/auth/session', async (c) => {
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'auth-session'), rules: deps.options.rateLimits.authSessionPerIp }]);
    if (limited) return limited;
    const user = await currentUser(c, deps);
    if (!user) return c.json({ error: Http.signedOut }, 401);
    return c.json({ user: publicUser(user) }, 200);
  });
}
