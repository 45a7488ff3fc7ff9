/**
 * POST /api/auth/code {phone}: sends a 6-digit sign-in code to an Australian mobile. The code is valid
 * for 10 minutes, single use, stored only as an HMAC; sending a new code retires the previous one.
 * Limits: per phone and IP (3 per 10 minutes, 10 per day), per phone from every IP (5 per 10 minutes,
 * so nobody can lock a shopper out for the day), per IP and per tenant.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { normaliseAuMobile } from '../../src/lib/phone/au-phone.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { hmac, newCode, newId } from '../lib/crypto.ts';
import { clientKey, enforce } from '../lib/rate-limit.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';

export const MobileSchema = v.pipe(
  v.union([v.string(), v.number()], 'enter an Australian mobile number'),
  v.transform((x) => normaliseAuMobile(String(x))),
  v.check((p) => p !== null, 'enter an Australian mobile number'),
  v.transform((p) => p as string),
);

const CodeRequest = v.object({ phone: MobileSchema });

/** The stored form of a code: keyed by the server secret, bound to tenant, phone and code row. */
export function codeHash(secret: string, tenant: string, phone: string, codeId: string, code: string): string {
  return hmac(secret, `${tenant}\u0000${phone}\u0000${codeId}\u0000${code}`);
}

export function authCodeRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/auth/code', rateLimit(deps, 'auth-code', 'authCodePerIp'), validate(CodeRequest), async (c) => {
    const site = c.get('site');
    const { phone } = c.req.valid('json');
    // The daily limit is per phone and address: someone else asking for codes to a shopper's phone
    // uses up their own allowance, not the shopper's; across addresses a phone gets a short window only.
    const phoneKey = `auth-code:${site.slug}:phone:${hmac(deps.options.secret, phone).slice(0, 32)}`;
    const limited = await enforce(c, deps, [
      { key: `${phoneKey}:ip:${clientKey(c, deps)}`, rules: deps.options.rateLimits.authCodePerPhone },
      { key: phoneKey, rules: deps.options.rateLimits.authCodePerPhoneAllIps },
      { key: `auth-code:${site.slug}:tenant`, rules: deps.options.rateLimits.authCodePerTenant },
    ]);
    if (limited) return limited;

    const now = deps.clock.now();
    const id = newId();
    const code = newCode();
    const ttl = deps.options.auth.codeTtlSec;
    await deps.db.transaction(async (tx) => {
      await tx.query('UPDATE auth_codes SET invalidated_at = $3 WHERE tenant = $1 AND phone = $2 AND used_at IS NULL AND invalidated_at IS NULL', [
        site.slug,
        phone,
        now,
      ]);
      await tx.query('INSERT INTO auth_codes (id, tenant, phone, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        site.slug,
        phone,
        codeHash(deps.options.secret, site.slug, phone, id, code),
        now,
        new Date(now.getTime() + ttl * 1000),
      ]);
    });
    try {
      await deps.adapters.sms.send({
        tenant: site.slug,
        phone,
        body: `${code} is your ${site.tenant.name} sign-in code. It expires in ${Math.round(ttl / 60)} minutes. Never share it.`,
      });
    } catch (err) {
      console.error(`[auth] SMS to a ${site.slug} visitor failed: ${(err as Error).message}`);
      await deps.db.query('UPDATE auth_codes SET invalidated_at = $2 WHERE id = $1', [id, now]);
      return c.json({ error: Http.codeSendFailed }, 502);
    }
    return c.json({ success: true, expires_in: ttl }, 200);
  });
}
