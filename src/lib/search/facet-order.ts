/** One facet value as InstantSearch reports it. */
export interface FacetItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

/** car_type is listed new, demo, used. */
export const CAR_TYPE_ORDER = ['new', 'demo', 'used'] as const;
/** Facets whose labels are prices, sorted numerically. */
export const PRICE_LABEL_FACETS = new Set(['price_range', 'weekly_price_range', 'subscription_price']);

/** The first amount in a price label; "Under $5,000" sorts just below "$5,000 - ...", "Over" just above. */
const leadingNumber = (label: string) => {
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(label.replace(/\$/g, ''));
  if (!m) return Number.POSITIVE_INFINITY;
  const n = Number(m[0].replace(/,/g, ''));
  if (/^\s*(under|below|less than|up to)\b/i.test(label)) return n - 0.5;
  if (/^\s*(over|above|more than)\b|\+\s*$/i.test(label)) return n + 0.5;
  return n;
};

/** The spec's facet ordering: car_type new, demo, used; price labels numerically; others by count then label. */
export function orderFacetItems<T extends { value: string; label: string; count: number }>(attribute: string, items: readonly T[]): T[] {
  const out = [...items];
  if (attribute === 'car_type') {
    const rank = (v: string) => {
      const i = (CAR_TYPE_ORDER as readonly string[]).indexOf(v);
      return i < 0 ? CAR_TYPE_ORDER.length : i;
    };
    return out.sort((a, b) => rank(a.value) - rank(b.value) || a.label.localeCompare(b.label));
  }
  if (PRICE_LABEL_FACETS.has(attribute)) return out.sort((a, b) => leadingNumber(a.label) - leadingNumber(b.label));
  return out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'en-AU'));
}
