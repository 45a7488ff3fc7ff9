import type { Promo } from '../../islands/search/types.ts';
import { buildDate } from '../rules/tenant-clock.ts';
import type { SiteModel } from '../site/site-model.ts';

/**
 * Promo or call-to-action cards in the result grid (the spec's promo node: start, expiry, position,
 * display, strictDisplay). Cards without a `position` fill the configured grid positions (0-based), the
 * nth slot showing promo n modulo their number (chosen cyclically); `firstSlot` continues the cycle
 * across pages (page p starts at p x positions.length). A card with a `position` is pinned there on
 * every results page, and the cyclic cards skip that place.
 */
export type GridItem<H, P> = { kind: 'hit'; hit: H } | { kind: 'promo'; promo: P; slot: number };

/** The parts of a promo node the grid and the search pages decide on. */
export interface PromoPlacement {
  position?: number | undefined;
  display?: readonly string[] | undefined;
  strict_display?: boolean | undefined;
}

export function withPromos<H, P extends PromoPlacement>(
  hits: readonly H[],
  positions: readonly number[],
  promos: readonly P[],
  firstSlot = 0,
): GridItem<H, P>[] {
  const out: GridItem<H, P>[] = hits.map((hit) => ({ kind: 'hit', hit }));
  if (promos.length === 0 || hits.length === 0) return out;
  const pinned = new Map<number, P>();
  for (const p of promos) if (p.position !== undefined && !pinned.has(p.position)) pinned.set(p.position, p);
  const cyclic = promos.filter((p) => p.position === undefined);
  const places = new Map<number, { promo: P; slot: number }>();
  let n = 0;
  for (const pos of [...new Set(positions)].filter((p) => Number.isInteger(p) && p >= 0 && !pinned.has(p)).sort((a, b) => a - b)) {
    if (cyclic.length === 0) break;
    const slot = firstSlot + n++;
    places.set(pos, { promo: cyclic[slot % cyclic.length] as P, slot });
  }
  // Pinned cards get negative slots: keys distinct from the cyclic ones on every page.
  for (const [pos, promo] of pinned) places.set(pos, { promo, slot: -1 - pos });
  for (const pos of [...places.keys()].sort((a, b) => a - b)) {
    if (pos > out.length) break;
    const place = places.get(pos) as { promo: P; slot: number };
    out.splice(pos, 0, { kind: 'promo', ...place });
  }
  return out;
}

/**
 * Which promos a search page shows, by the car types it is filtered to. A promo without `display`
 * shows on every search; with it, on searches filtered to one of those types, and on the unfiltered
 * search too unless `strict_display`.
 */
export function promosForSearch<P extends PromoPlacement>(promos: readonly P[], carTypes: readonly string[]): P[] {
  // All three types ticked is the unfiltered search (the default route's refinement).
  const unfiltered = carTypes.length === 0 || ['new', 'used', 'demo'].every((t) => carTypes.includes(t));
  return promos.filter((p) => {
    if (!p.display?.length) return true;
    if (unfiltered) return !p.strict_display;
    return carTypes.some((t) => p.display?.includes(t));
  });
}

/** A promo shows from its start day through its expiry day (YYYY-MM-DD, Australian dates), inclusive. */
export function promoActive(p: { start?: string | undefined; expires?: string | undefined }, today: string): boolean {
  return (p.start === undefined || p.start <= today) && (p.expires === undefined || p.expires >= today);
}

/** The call-to-action cards between results when the tenant has no content/search-promos.json. */
export const DEFAULT_PROMOS: Promo[] = [
  { title: 'Sell or trade in your car', text: 'Get a valuation on your current car, any make or model.', href: '/sell-your-car', cta: 'Value my car' },
  { title: 'Finance made simple', text: 'Talk to our finance team about a loan that fits your budget.', href: '/finance', cta: 'Get finance' },
  { title: 'Can’t see the right car?', text: 'Tell us what you are after and we will find it for you.', href: '/contact', cta: 'Contact Us' },
];

/**
 * The cards between search results on the build day: the tenant's own (content/search-promos.json)
 * inside their dates, else the built-in three. They show only where search.promo_positions or a card's
 * own position places them.
 */
export function activeSearchPromos(model: Pick<SiteModel, 'content' | 'now' | 'tenant'>): Promo[] {
  const own = model.content?.search_promos;
  if (!own) return DEFAULT_PROMOS;
  const today = buildDate(model);
  return (
    own
      .filter((p) => promoActive(p, today))
      // The dates are the build's business; the island gets the card and where it shows.
      .map(({ start: _start, expires: _expires, ...card }) => card)
  );
}
