import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { enforce, ipBucket } from '../lib/rate-limit.ts';
import type { RateLimits } from '../options.ts';

/**
 * The per-client limit most routes start with: every request counts one hit in the bucket
 * `<group>:<tenant>:ip:<client key>` (functions/lib/rate-limit.ts ipBucket: an IPv6 client by its /64),
 * for each window of `deps.options.rateLimits[rules]` (defaults in functions/options.ts
 * DEFAULT_RATE_LIMITS, scaled by RATE_LIMIT_SCALE). Over any window the answer is 429
 * `{error: Http.rateLimited}` with the longest Retry-After among the windows over their limit.
 *
 * The rules are named, not passed, so they are read from the options at request time. Limits that
 * need the body (per phone) or that decide between buckets (the leads surge) stay in their route.
 */
export function rateLimit(deps: Deps, group: string, rules: keyof RateLimits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limited = await enforce(c, deps, [{ key: ipBucket(c, deps, group), rules: deps.options.rateLimits[rules] }]);
    if (limited) return limited;
    return next();
  };
}
