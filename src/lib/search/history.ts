/** Search history (spec section 3): up to 5 entries, each the non-empty refinements and a path. */
export const HISTORY_LIMIT = 5;

export interface HistoryEntry {
  /** Refinement attribute (or "query", "price", "km") -> values; only non-empty ones are kept. */
  refinements: Record<string, string[]>;
  /** The search page path with its query string. */
  path: string;
}

/** Drops empty values; an entry with nothing left is not worth remembering. */
export function nonEmptyRefinements(
  refinements: Readonly<Record<string, readonly (string | number | undefined)[] | string | undefined>>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(refinements)) {
    const values = (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && String(x).trim() !== '').map(String);
    if (values.length) out[k] = values;
  }
  return out;
}

/** Newest first; the same path again moves to the front; at most 5; entries without refinements are skipped. */
export function addHistoryEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const refinements = nonEmptyRefinements(entry.refinements);
  if (Object.keys(refinements).length === 0) return [...history];
  return [{ refinements, path: entry.path }, ...history.filter((h) => h.path !== entry.path)].slice(0, HISTORY_LIMIT);
}
