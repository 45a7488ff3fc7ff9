/**
 * POST /api/auth/sign-out [{everywhere: true}]: revokes this site's session (if any), or with
 * `everywhere` every session of the signed-in user on this site, and clears the cookie. Idempotent.
 */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { enforce, ipBucket } from '../lib/rate-limit.ts';
import { endSession } from '../lib/session.ts';

export function authSignOutRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/auth/sign-out', async (c) => {
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, 'auth-session'), rules: deps.options.rateLimits.authSessionPerIp }]);
    if (limited) return limited;
    const body = c.get('body') as { everywhere?: unknown } | null;
    await endSession(c, deps, typeof body === 'object' && body !== null && body.everywhere === true);
    return c.json({ success: true }, 200);
  });
}
