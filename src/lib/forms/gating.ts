import { safeRedirect } from '../site/safe-redirect.ts';

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
  const q = new URLSearchParams({ type, redirect: safeRedirect(redirect) });
  if (back) q.set('back', safeRedirect(back));
  return `/sign-in?${q.toString()}`;
}

/** The one same-origin redirect rule (src/lib/site/safe-redirect.ts), re-exported for the pages that import it from here. */
export { safeRedirect };
