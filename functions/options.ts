/** Limits and settings of the functions, with the defaults documented in docs/functions.md. */
import type { OutboundPolicy } from './lib/outbound.ts';

export interface RateRule {
  limit: number;
  windowSec: number;
}

/** Per-IP rules per route group (keyed by tenant and IP), plus the per-tenant and per-phone rules. */
export interface RateLimits {
  leadsPerIp: RateRule[];
  /**
   * The tenant's ceiling: above it the tenant is under a surge (a flood from many addresses) and each
   * IP is also held to leadsPerIpInSurge, so the addresses flooding are refused while a shopper's
   * first enquiries still go through. Never a 429 for everyone.
   */
  leadsPerTenant: RateRule[];
  leadsPerIpInSurge: RateRule[];
  /** Bodies refused as malformed (400, 413, 415): past this, 429. */
  malformedPerIp: RateRule[];
  authCodePerIp: RateRule[];
  /** Per phone and IP. */
  authCodePerPhone: RateRule[];
  /** Per phone from every IP: a short window only. */
  authCodePerPhoneAllIps: RateRule[];
  authCodePerTenant: RateRule[];
  authVerifyPerIp: RateRule[];
  authSessionPerIp: RateRule[];
  watchlistPerIp: RateRule[];
  quotePerIp: RateRule[];
  gaugePerIp: RateRule[];
  viewsPerIp: RateRule[];
  phoneRevealPerIp: RateRule[];
  miscellaneousPerIp: RateRule[];
  geocodePerIp: RateRule[];
  deliveryPerIp: RateRule[];
  pdfPerIp: RateRule[];
}

export interface AppOptions {
  /** Keys the HMACs of sign-in codes, IPs and visitor ids. FUNCTIONS_SECRET in production. */
  secret: string;
  bodyLimitBytes: number;
  /**
   * How many proxies you control stand in front of the functions (TRUST_PROXY=N; 0: none). The client
   * IP is then the address the outermost trusted proxy saw: the N-th X-Forwarded-For entry from the
   * right, so whatever a client writes into the header itself is ignored.
   */
  trustProxy: number;
  /**
   * The per-IP rate limits count an IPv6 client by its network of this many bits
   * (RATE_LIMIT_IPV6_PREFIX; default 64, one subscriber's network); IPv4 addresses count one by one.
   */
  ipv6Prefix: number;
  /**
   * Where the functions' own fetches may go (the car PDF's photo on a host without the site's files):
   * https to public addresses only; loopback with DEV_ALLOW_LOOPBACK=1 (functions/lib/outbound.ts).
   */
  outbound: OutboundPolicy;
  rateLimits: RateLimits;
  auth: {
    codeTtlSec: number;
    maxWrongAttempts: number;
    sessionTtlSec: number;
  };
  outbox: {
    maxAttempts: number;
    baseDelaySec: number;
    maxDelaySec: number;
    /** A message being sent is retried by another worker after this long (a crash mid-send). */
    lockSec: number;
    fromEmail: string;
    /** Signs webhook bodies (X-Signature: sha256=...) when set. */
    webhookSecret?: string | undefined;
  };
  watchlistMax: number;
}

const per = (limit: number, windowSec: number): RateRule => ({ limit, windowSec });

export const DEFAULT_RATE_LIMITS: RateLimits = {
  leadsPerIp: [per(10, 600)],
  leadsPerTenant: [per(500, 3600)],
  leadsPerIpInSurge: [per(3, 3600)],
  malformedPerIp: [per(30, 600)],
  authCodePerIp: [per(10, 3600)],
  authCodePerPhone: [per(3, 600), per(10, 86400)],
  authCodePerPhoneAllIps: [per(5, 600)],
  authCodePerTenant: [per(300, 3600)],
  authVerifyPerIp: [per(30, 600)],
  authSessionPerIp: [per(120, 60)],
  watchlistPerIp: [per(60, 60)],
  quotePerIp: [per(60, 60)],
  gaugePerIp: [per(120, 60)],
  viewsPerIp: [per(120, 60)],
  phoneRevealPerIp: [per(30, 60)],
  miscellaneousPerIp: [per(20, 600)],
  geocodePerIp: [per(60, 60)],
  deliveryPerIp: [per(60, 60)],
  pdfPerIp: [per(30, 60)],
};

export const DEFAULT_OPTIONS: Omit<AppOptions, 'secret'> = {
  bodyLimitBytes: 16 * 1024,
  trustProxy: 0,
  ipv6Prefix: 64,
  outbound: { allowLoopback: false },
  rateLimits: DEFAULT_RATE_LIMITS,
  auth: { codeTtlSec: 600, maxWrongAttempts: 5, sessionTtlSec: 30 * 86400 },
  outbox: { maxAttempts: 8, baseDelaySec: 30, maxDelaySec: 3600, lockSec: 60, fromEmail: 'leads@dealer-sites.invalid' },
  watchlistMax: 200,
};

/** The outbox settings every host reads from its environment: LEADS_FROM_EMAIL (default above) and LEADS_WEBHOOK_SECRET. */
export function outboxOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<AppOptions['outbox']> {
  return { fromEmail: env['LEADS_FROM_EMAIL'] ?? DEFAULT_OPTIONS.outbox.fromEmail, webhookSecret: env['LEADS_WEBHOOK_SECRET'] };
}

/** TRUST_PROXY: a number of trusted proxy hops (0 to 10; "true" or "yes" read as 1). */
export function trustProxyFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  if (/^(?:true|yes)$/i.test(value.trim())) return 1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/** RATE_LIMIT_IPV6_PREFIX: bits of an IPv6 address that make one client for the rate limits (16 to 128; default 64). */
export function ipv6PrefixFromEnv(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 16 && n <= 128 ? n : DEFAULT_OPTIONS.ipv6Prefix;
}

/**
 * Connections one instance may hold open to PostgreSQL (DATABASE_POOL_SIZE, 1-100; else the
 * default: 10 on a long-running Node host, 3 on a serverless instance, of which there can be many).
 * Set it so instances x pool size stays under the pooler's (or the server's) client limit.
 */
export function poolSizeFromEnv(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 100 ? n : fallback;
}

/** What a Node host holds open by default; a serverless instance: SERVERLESS_POOL_SIZE. */
export const NODE_POOL_SIZE = 10;
export const SERVERLESS_POOL_SIZE = 3;

export type OptionsInput = Partial<Omit<AppOptions, 'rateLimits' | 'auth' | 'outbox' | 'trustProxy'>> & {
  /** A number of trusted hops; true means 1. */
  trustProxy?: number | boolean | undefined;
  rateLimits?: Partial<RateLimits> | undefined;
  auth?: Partial<AppOptions['auth']> | undefined;
  outbox?: Partial<AppOptions['outbox']> | undefined;
  /** Multiplies every rate limit (the load test raises them; 0 < scale). */
  rateLimitScale?: number | undefined;
};

export function resolveOptions(input: OptionsInput & { secret: string }): AppOptions {
  const scale = input.rateLimitScale ?? 1;
  const limits = { ...DEFAULT_RATE_LIMITS, ...input.rateLimits } as RateLimits;
  const scaled = Object.fromEntries(
    Object.entries(limits).map(([k, rules]) => [k, (rules as RateRule[]).map((r) => ({ ...r, limit: Math.max(1, Math.round(r.limit * scale)) }))]),
  ) as unknown as RateLimits;
  return {
    secret: input.secret,
    bodyLimitBytes: input.bodyLimitBytes ?? DEFAULT_OPTIONS.bodyLimitBytes,
    trustProxy: input.trustProxy === true ? 1 : input.trustProxy === false || input.trustProxy === undefined ? DEFAULT_OPTIONS.trustProxy : input.trustProxy,
    ipv6Prefix: input.ipv6Prefix ?? DEFAULT_OPTIONS.ipv6Prefix,
    outbound: input.outbound ?? DEFAULT_OPTIONS.outbound,
    rateLimits: scaled,
    auth: { ...DEFAULT_OPTIONS.auth, ...input.auth },
    outbox: { ...DEFAULT_OPTIONS.outbox, ...input.outbox },
    watchlistMax: input.watchlistMax ?? DEFAULT_OPTIONS.watchlistMax,
  };
}
