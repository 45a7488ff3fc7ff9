/**
 * POST /api/auth/verify {phone, code}: checks the latest code for the phone and, when right, signs the
 * visitor in (session cookie: HttpOnly, SameSite=Lax, Secure outside localhost). A code is used once;
 * after 5 wrong attempts it is retired and a new one must be requested.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { hmac, newId, safeEqual } from '../lib/crypto.ts';
import { clientKey, countHits } from '../lib/rate-limit.ts';
import { publicUser, startSession } from '../lib/session.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { codeHash, MobileSchema } from './auth-code.ts';

const VerifyRequest = v.object({
  phone: MobileSchema,
  code: v.pipe(
    v.union([v.string(), v.number()], 'enter the 6-digit code'),
    v.transform((x) => String(x).replace(/\s/g, '')),
    v.regex(/^\d{6}$/, 'enter the 6-digit code'),
  ),
});

export function authVerifyRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/auth/verify', rateLimit(deps, 'auth-verify', 'authVerifyPerIp'), validate(VerifyRequest), async (c) => {
    const site = c.get('site');
    const { phone, code } = c.req.valid('json');
    const now = deps.clock.now();
    const max = deps.options.auth.maxWrongAttempts;

    const { rows } = await deps.db.query<{ id: string; code_hash: string; attempts: number; expires_at: Date }>(
      `SELECT id, code_hash, attempts, expires_at FROM auth_codes
       WHERE tenant = $1 AND phone = $2 AND used_at IS NULL AND invalidated_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      [site.slug, phone],
    );
    const row = rows[0];
    const pending = row !== undefined && new Date(row.expires_at).getTime() > now.getTime() && row.attempts < max;

    if (!pending || !safeEqual(row.code_hash, codeHash(deps.options.secret, site.slug, phone, row.id, code))) {
      // A wrong code and no code at all get the same answers (400, then 429 after `max` tries in the
      // code's lifetime), so nobody learns whether a code is pending for a number. The tries are counted
      // per phone AND client (its IPv6 /64): someone guessing at a shopper's number from one address
      // locks only that address out, never the shopper for the window (issue 27). Guessing is still
      // bounded per code: `max` wrong tries from anywhere retire it (the attempts column below).
      const [tries] = await countHits(deps, [
        {
          key: `auth-verify:${site.slug}:phone:${hmac(deps.options.secret, phone).slice(0, 32)}:ip:${clientKey(c, deps)}`,
          rules: [{ limit: max - 1, windowSec: deps.options.auth.codeTtlSec }],
        },
      ]);
      if (pending) {
        await deps.db.query(
          `UPDATE auth_codes SET attempts = attempts + 1,
             invalidated_at = CASE WHEN attempts + 1 >= $2 THEN $3 ELSE invalidated_at END
           WHERE id = $1 AND attempts < $2`,
          [row.id, max, now],
        );
      }
      const locked = (tries?.over ?? false) || (pending && row.attempts + 1 >= max);
      return locked ? c.json({ error: Http.codeLocked }, 429) : c.json({ error: Http.codeWrong }, 400);
    }

    const user = await deps.db.transaction(async (tx) => {
      // Single use even under concurrent submissions: only one UPDATE can claim the code.
      const claimed = await tx.query(
        `UPDATE auth_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND invalidated_at IS NULL AND attempts < $3 AND expires_at > $2 RETURNING id`,
        [row.id, now, max],
      );
      if (claimed.rowCount === 0) return undefined;
      const { rows: users } = await tx.query<{ id: string; phone: string }>(
        `INSERT INTO users (id, tenant, phone, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant, phone) DO UPDATE SET phone = EXCLUDED.phone
         RETURNING id, phone`,
        [newId(), site.slug, phone, now],
      );
      const u = users[0];
      if (!u) throw new Error('user upsert returned nothing');
      await startSession(c, deps, tx, u.id);
      return u;
    });
    if (!user) return c.json({ error: Http.codeWrong }, 400);
    return c.json({ success: true, user: publicUser(user) }, 200);
  });
}
