/** A search count above 1999 is treated as capped (the legacy index stopped counting there). */
export const COUNT_CAP = 1999;
/** The Show Me N cars button counts up to N over 1 second. */
export const COUNT_UP_MS = 1000;

/**
 * The count a shopper sees: the hit count, unless it is above the cap, where it is replaced by the
 * configured stock count or, without one, by the sum of the facet counts.
 */
export function displayCount(nbHits: number, o: { stockCount?: number | undefined; facetSum?: number | undefined }): number {
  if (nbHits <= COUNT_CAP) return nbHits;
  return o.stockCount ?? o.facetSum ?? nbHits;
}

/** The sum of one facet's counts; car_type is the natural one (every car has exactly one type). */
export function sumFacetCounts(counts: Readonly<Record<string, number>> | undefined): number | undefined {
  if (!counts) return undefined;
  const values = Object.values(counts);
  return values.length ? values.reduce((a, b) => a + b, 0) : undefined;
}

/** The number shown `elapsedMs` into the count-up from `from` to `to` (whole numbers, reaching `to` at 1 s). */
export function countUpValue(from: number, to: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs >= durationMs || durationMs <= 0) return to;
  if (elapsedMs <= 0) return from;
  return Math.round(from + ((to - from) * elapsedMs) / durationMs);
}
