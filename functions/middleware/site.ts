import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The client's address behind `trustedHops` proxies you control. Each proxy appends the address it
 * was connected from to X-Forwarded-For, so the entries a client wrote come first and the trusted
 * ones last: the client is the right-most entry not added by a trusted proxy (the socket peer is the
 * first trusted hop). Left-most entries are never believed.
 */
export function clientIp(socketIp: string | undefined, forwardedFor: string | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0 || !forwardedFor) return socketIp;
  const hops = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return socketIp;
  // hops[len-1] was added by the proxy nearest us (the socket peer, trusted hop 1).
  return hops[Math.max(0, hops.length - trustedHops)];
}

/**
 * Resolves the tenant from the request, never from the body:
 * - with an Origin header, the tenant is the one owning that origin; an unknown origin, "null", or an
 *   origin of another tenant than the Host's is refused (403);
 * - without one (same-origin GET, curl, server-to-server), the tenant is the one owning the Host
 *   (the last X-Forwarded-Host value behind trusted proxies, TRUST_PROXY),
 *   and a browser-marked cross-site POST (Sec-Fetch-Site) is refused (403).
 * Also sets the client IP (from the host's bindings, or X-Forwarded-For behind trusted proxies).
 */
export function siteMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Behind a proxy we control (TRUST_PROXY), the site's host is the one the proxy names (a Worker
    // cannot send another Host than the functions' own): the last X-Forwarded-Host value, the one the
    // nearest proxy set or appended, so what a client wrote there itself is not what counts.
    const forwarded = deps.options.trustProxy > 0 ? c.req.header('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined;
    const host = (forwarded || c.req.header('host') || new URL(c.req.url).host).toLowerCase();
    const hostSite = deps.registry.forHost(host);
    const origin = c.req.header('origin');
    let site = hostSite;
    if (origin !== undefined) {
      const originSite = deps.registry.forOrigin(origin);
      if (!originSite || (hostSite && hostSite !== originSite)) return c.json({ error: Http.wrongOrigin }, 403);
      site = originSite;
    } else if (!SAFE.has(c.req.method)) {
      const fetchSite = c.req.header('sec-fetch-site');
      if (fetchSite === 'cross-site' || fetchSite === 'same-site') return c.json({ error: Http.wrongOrigin }, 403);
    }
    if (!site) return c.json({ error: Http.unknownSite }, 404);
    c.set('site', site);

    c.set('ip', clientIp(c.env?.ip, c.req.header('x-forwarded-for'), deps.options.trustProxy) || 'unknown');
    return next();
  };
}
