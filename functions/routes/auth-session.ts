/** GET /api/auth/session: the signed-in user of this site, or 401. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { publicUser } from '../lib/session.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { signedIn } from '../middleware/session.ts';

export function authSessionRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.get('/api/auth/session', rateLimit(deps, 'auth-session', 'authSessionPerIp'), signedIn(deps), (c) => c.json({ user: publicUser(c.get('user')) }, 200));
}
