import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { toNationalNumber } from '../../src/lib/phone/au-phone.ts';
import type { AppEnv, Deps } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { newToken, sha256 } from './crypto.ts';

export const SESSION_COOKIE = 'sid';
export const VISITOR_COOKIE = 'vid';

export interface SessionUser {
  id: string;
  /** E.164 (+61412345678). */
  phone: string;
}

/** The user as the API shows it. */
export function publicUser(user: SessionUser): { id: string; phone: string; phone_e164: string } {
  return { id: user.id, phone: toNationalNumber(user.phone), phone_e164: user.phone };
}

/** Cookies are Secure everywhere except plain-HTTP localhost (the local server and tests). */
export function isLocalRequest(c: Context<AppEnv>): boolean {
  const host = new URL(c.req.url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}

export function cookieOptions(c: Context<AppEnv>, maxAgeSec: number) {
  return { path: '/', httpOnly: true, secure: !isLocalRequest(c), sameSite: 'Lax' as const, maxAge: maxAgeSec };
}

/** The signed-in user of this tenant, or undefined. Sessions of another tenant never match. */
export async function currentUser<E extends AppEnv>(c: Context<E>, deps: Deps): Promise<SessionUser | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) return undefined;
  const { rows } = await deps.db.query<{ id: string; phone: string }>(
    `SELECT u.id, u.phone FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.tenant = $2 AND u.tenant = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`,
    [sha256(token), c.get('site').slug, deps.clock.now()],
  );
  return rows[0];
}

export async function startSession(c: Context<AppEnv>, deps: Deps, tx: Queryable, userId: string): Promise<void> {
  const token = newToken();
  const now = deps.clock.now();
  const ttl = deps.options.auth.sessionTtlSec;
  await tx.query('INSERT INTO sessions (token_hash, tenant, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    sha256(token),
    c.get('site').slug,
    userId,
    now,
    new Date(now.getTime() + ttl * 1000),
  ]);
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, ttl));
}

/** Ends this session, or with `everywhere` every session of its user on this site (other browsers and phones). */
export async function endSession(c: Context<AppEnv>, deps: Deps, everywhere = false): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token && token.length <= 100) {
    await deps.db.query(
      everywhere
        ? `UPDATE sessions SET revoked_at = $1 WHERE tenant = $3 AND revoked_at IS NULL
             AND user_id = (SELECT user_id FROM sessions WHERE token_hash = $2 AND tenant = $3 AND revoked_at IS NULL AND expires_at > $1)`
        : 'UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND tenant = $3 AND revoked_at IS NULL',
      [deps.clock.now(), sha256(token), c.get('site').slug],
    );
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLocalRequest(c), httpOnly: true, sameSite: 'Lax' });
}
