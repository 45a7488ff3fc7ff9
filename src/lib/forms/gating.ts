/**
 * Which routes need sign-in (browse spec section 6). /online-payment and the garage pages are always
 * gated; /cars/trade-in?car_id is gated as the spec's route list says, unless a tenant switches it
 * off (`gating.trade_in: false`: the vehicle spec's "gated on some tenants"); checkout, finance and
 * spin-to-win only where the tenant's `gating` says so; a car checkout path without a car slug is
 * never gated, and neither are the sell-your-car pages (/trade-in, /sell-your-car, /sell-my-car). The site is static, so the page asks
 * GET /api/auth/session and sends a signed-out visitor to the sign-in URL built here.
 */
export interface GatingConfig {
  checkout?: boolean | undefined;
  finance?: boolean | undefined;
  /** On unless false (the spec lists /cars/trade-in?car_id among the gated routes). */
  trade_in?: boolean | undefined;
  spin_to_win?: boolean | undefined;
  /** The tenant-named garage page, e.g. /mymotorama. */
  garage_path?: string | undefined;
}

export type SignInType = 'trade-in' | 'checkout' | 'finance' | 'spin-to-win' | 'online-payment' | 'car-finance' | 'my-garage' | 'watchlist';

/** Garage page paths: /my-garage plus the tenant-named variants (e.g. /mymotorama). */
export const DEFAULT_GARAGE_PATHS = ['/my-garage'] as const;

/** The garage pages a tenant has: /my-garage and its own named one, if configured. */
export function garagePaths(gating: GatingConfig): string[] {
  return [...DEFAULT_GARAGE_PATHS, ...(gating.garage_path ? [gating.garage_path] : [])];
}

const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The sign-in type a path needs, or undefined when the path is open to everyone. */
export function gateFor(pathname: string, search: string, gating: GatingConfig, garages: readonly string[] = garagePaths(gating)): SignInType | undefined {
  const path = trim(pathname);
  const query = new URLSearchParams(search);
  if (path === '/online-payment') return 'online-payment';
  if (garages.includes(path)) return 'my-garage';
  if (path === '/cars/trade-in') return gating.trade_in !== false && query.get('car_id') ? 'trade-in' : undefined;
  const checkout = /^\/cars\/([^/]*)\/(?:checkout|buy-online)$/.exec(path);
  if (checkout) return gating.checkout && checkout[1] ? 'checkout' : undefined;
  if (path === '/personalised/finance') return gating.finance && query.get('car_id') ? 'car-finance' : undefined;
  if (path === '/finance') return gating.finance ? 'finance' : undefined;
  if (path === '/spin-to-win') return gating.spin_to_win ? 'spin-to-win' : undefined;
  return undefined;
}

/** /sign-in?type=…&redirect=…[&back=…]: redirect is where to go after signing in, back where the shopper came from. */
export function signInHref(type: SignInType, redirect: string, back?: string): string {
  const q = new URLSearchParams({ type, redirect });
  if (back) q.set('back', back);
  return `/sign-in?${q.toString()}`;
}

const BASE = 'https://this-site.invalid';

/**
 * A sign-in redirect must stay on this site: only a path on this origin is followed, anything else
 * goes home. Browsers drop tabs and newlines from a URL and read `\` as `/`, so `/\t/evil.example`
 * or `/\evil.example` would leave the site: a target with a control character or backslash, or one
 * whose decoded form starts with `//`, is refused, and what is returned is the path as the URL parser
 * reads it against this site's origin.
 */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.length > 2000) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return '/';
  }
  for (const s of [target, decoded]) {
    if (/[\u0000-\u001f\u007f\\]/.test(s) || s.startsWith('//')) return '/';
  }
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE || url.username || url.password) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
