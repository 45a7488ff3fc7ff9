import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { Http } from '../errors.ts';
import type { RateRule } from '../options.ts';
import { hmac } from './crypto.ts';
import { ipv6Groups } from './outbound.ts';

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

export interface CountedWindow {
  /** The check's key. */
  key: string;
  limit: number;
  hits: number;
  /** Epoch ms when the window ends. */
  end: number;
  over: boolean;
}

/** Counts a hit in every bucket and rule with one statement, and says which are over their limit. */
export async function countHits(deps: Pick<Deps, 'db' | 'clock'>, checks: readonly LimitCheck[]): Promise<CountedWindow[]> {
  const now = deps.clock.now();
  const windows = checks.flatMap((check) =>
    check.rules.map((rule) => {
      const windowMs = rule.windowSec * 1000;
      const start = Math.floor(now.getTime() / windowMs) * windowMs;
      return { key: check.key, bucket: `${check.key}:${rule.windowSec}`, start, end: start + windowMs, limit: rule.limit };
    }),
  );
  if (windows.length === 0) return [];
  const values = windows.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}, 1)`).join(', ');
  const { rows } = await deps.db.query<{ bucket: string; hits: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ${values}
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING bucket, hits`,
    windows.flatMap((w) => [w.bucket, new Date(w.start)]),
  );
  const hits = new Map(rows.map((r) => [r.bucket, Number(r.hits)]));
  return windows.map((w) => {
    const n = hits.get(w.bucket) ?? 1;
    return { key: w.key, limit: w.limit, hits: n, end: w.end, over: n > w.limit };
  });
}

/** The 429 answer for the windows over their limit, with the longest Retry-After among them. */
export function tooMany(c: Context<AppEnv>, deps: Pick<Deps, 'clock'>, over: readonly CountedWindow[]): Response {
  const now = deps.clock.now().getTime();
  const retryAfter = Math.max(1, ...over.map((w) => Math.ceil((w.end - now) / 1000)));
  c.header('Retry-After', String(retryAfter));
  return c.json({ error: Http.rateLimited }, 429);
}

/**
 * Counts a hit in every bucket and rule with one statement; when any is over its limit the answer
 * is 429 with the longest Retry-After among them.
 */
export async function enforce(c: Context<AppEnv>, deps: Deps, checks: readonly LimitCheck[]): Promise<Response | undefined> {
  const over = (await countHits(deps, checks)).filter((w) => w.over);
  return over.length ? tooMany(c, deps, over) : undefined;
}

/** The default IPv6 prefix one client is counted by (RATE_LIMIT_IPV6_PREFIX): a /64 is one subscriber's network. */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * What the per-IP limits count as one client (issue 27): an IPv4 address as it is, and an IPv6 address
 * by its network of `v6Prefix` bits (default /64), since a host is usually given a whole /64 and could
 * otherwise send from a new address for every request. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 address. Anything else (no
 * address, `unknown`) is counted as it is.
 */
export function clientNetwork(ip: string, v6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [x = 0, y = 0] = groups.slice(6);
    return `${x >> 8}.${x & 255}.${y >> 8}.${y & 255}`;
  }
  const bits = Math.min(128, Math.max(0, Math.trunc(v6Prefix)));
  const masked = groups.map((g, i) => {
    const keep = Math.min(16, Math.max(0, bits - i * 16));
    return keep === 0 ? 0 : g & ((0xffff << (16 - keep)) & 0xffff);
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${bits}`;
}

/** The client's rate-limit identity: the HMAC of its network (clientNetwork), never the address itself. */
export function clientKey(c: Context<AppEnv>, deps: Pick<Deps, 'options'>): string {
  return hmac(deps.options.secret, clientNetwork(c.get('ip'), deps.options.ipv6Prefix)).slice(0, 32);
}

/** The per-tenant, per-client bucket of a route group (an IPv6 client by its /64: clientNetwork). */
export function ipBucket(c: Context<AppEnv>, deps: Deps, group: string): string {
  return `${group}:${c.get('site').slug}:ip:${clientKey(c, deps)}`;
}

/** Forgets windows older than a day (called by the outbox worker's tick). */
export async function pruneRateLimits(db: Queryable, now: Date): Promise<number> {
  const r = await db.query('DELETE FROM rate_limits WHERE window_start < $1', [new Date(now.getTime() - 2 * 86400_000)]);
  return r.rowCount;
}
