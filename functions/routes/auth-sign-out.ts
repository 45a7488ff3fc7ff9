/** POST /api/auth/sign-out: revokes this site's session (if any) and clears the cookie. Idempotent. */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { enforce, ipBucket } from '../lib/rate-limit.ts';
import { endSession } from '../lib/session.ts';

export function authSignOutRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/auth/sign-out', async (c) => {
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'auth-session'), rules: deps.options.rateLimits.authSessionPerIp }]);
    if (limited) return limited;
    await endSession(c, deps);
    return c.json({ success: true }, 200);
  });
}
