/** GET /api/auth/session: the signed-in user of this site, or 401. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { currentUser, publicUser } from '../lib/session.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

export function authSessionRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/auth/session', rateLimit(deps, 'auth-session', 'authSessionPerIp'), async (c) => {
    const user = await currentUser(c, deps);
    if (!user) return c.json({ error: Http.signedOut }, 401);
    return c.json({ user: publicUser(user) }, 200);
  });
}
