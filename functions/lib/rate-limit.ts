import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { Http } from '../errors.ts';
import type { RateRule } from '../options.ts';
import { hmac } from './crypto.ts';

export interface RateDecision {
  ok: boolean;
  hits: number;
  /** Seconds until the window resets. */
  retryAfterSec: number;
}

/**
 * Counts one hit in a fixed window shared by every instance (one upsert) and says whether the bucket
 * is still within its limit. Windows are aligned to the epoch, so all instances agree on them.
 */
export async function hit(db: Queryable, bucket: string, rule: RateRule, now: Date): Promise<RateDecision> {
  const windowMs = rule.windowSec * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [`${bucket}:${rule.windowSec}`, new Date(start)],
  );
  const hits = Number(rows[0]?.hits ?? 1);
  return { ok: hits <= rule.limit, hits, retryAfterSec: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

export interface LimitCheck {
  /** Bucket key without secrets or personal data (IPs and phones are hashed by the caller). */
  key: string;
  rules: readonly RateRule[];
}

/** Applies every rule; the first exceeded one answers 429 with Retry-After. */
export async function enforce(c: Context<AppEnv>, deps: Deps, checks: readonly LimitCheck[]): Promise<Response | undefined> {
  const now = deps.clock.now();
  for (const check of checks) {
    for (const rule of check.rules) {
      const d = await hit(deps.db, check.key, rule, now);
      if (!d.ok) {
        c.header('Retry-After', String(d.retryAfterSec));
        return c.json({ error: Http.rateLimited }, 429);
      }
    }
  }
  return undefined;
}

/** The per-tenant, per-IP bucket of a route group. */
export function ipBucket(c: Context<AppEnv>, deps: Deps, group: string): string {
  return `${group}:${c.get('site').slug}:ip:${hmac(deps.options.secret, c.get('ip')).slice(0, 32)}`;
}

/** Forgets windows older than a day (called by the outbox worker's tick). */
export async function pruneRateLimits(db: Queryable, now: Date): Promise<number> {
  const r = await db.query('DELETE FROM rate_limits WHERE window_start < $1', [new Date(now.getTime() - 2 * 86400_000)]);
  return r.rowCount;
}
