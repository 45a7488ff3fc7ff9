/**
 * Promo or call-to-action cards in the result grid, shown at the configured grid positions (0-based),
 * the nth slot showing promo n modulo the number of promos (chosen cyclically). `firstSlot` continues
 * the cycle across pages (page p starts at p x positions.length).
 */
export type GridItem<H, P> = { kind: 'hit'; hit: H } | { kind: 'promo'; promo: P; slot: number };

export function withPromos<H, P>(hits: readonly H[], positions: readonly number[], promos: readonly P[], firstSlot = 0): GridItem<H, P>[] {
  const out: GridItem<H, P>[] = hits.map((hit) => ({ kind: 'hit', hit }));
  if (promos.length === 0 || hits.length === 0) return out;
  const sorted = [...new Set(positions)].filter((p) => Number.isInteger(p) && p >= 0).sort((a, b) => a - b);
  let n = 0;
  for (const pos of sorted) {
    if (pos > out.length) break;
    const slot = firstSlot + n++;
    out.splice(pos, 0, { kind: 'promo', promo: promos[slot % promos.length] as P, slot });
  }
  return out;
}
