/**
 * POST /api/auth/sign-out [{everywhere: true}]: revokes this site's session (if any), or with
 * `everywhere` every session of the signed-in user on this site, and clears the cookie. Idempotent.
 */
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { endSession } from '../lib/session.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

export function authSignOutRoute(app: Hono<AppEnv>, deps: Deps): void {
  // Shares the session group's bucket with GET /api/auth/session.
  app.post('/api/auth/sign-out', rateLimit(deps, 'auth-session', 'authSessionPerIp'), async (c) => {
    const body = c.get('body') as { everywhere?: unknown } | null;
    await endSession(c, deps, typeof body === 'object' && body !== null && body.everywhere === true);
    return c.json({ success: true }, 200);
  });
}
