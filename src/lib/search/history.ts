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

/**
 * Whether `next` is the shopper still typing `previous`: the same refinements but the query, and one
 * query a start of the other ("hil" then "hilu", or a letter taken back). A slow typist's pauses
 * longer than the search box's debounce each ran a search; they are one search, not several.
 */
function isStillTyping(previous: Record<string, string[]>, next: Record<string, string[]>): boolean {
  const a = (previous['query'] ?? []).join(' ').toLowerCase();
  const b = (next['query'] ?? []).join(' ').toLowerCase();
  if (!a || !b || a === b || !(a.startsWith(b) || b.startsWith(a))) return false;
  const rest = (r: Record<string, string[]>) =>
    JSON.stringify(
      Object.entries(r)
        .filter(([k]) => k !== 'query')
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return rest(previous) === rest(next);
}

/**
 * Newest first; the same path again moves to the front; at most 5; entries without refinements are
 * skipped; a query still being typed replaces the newest entry instead of adding one.
 */
export function addHistoryEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const refinements = nonEmptyRefinements(entry.refinements);
  if (Object.keys(refinements).length === 0) return [...history];
  const newest = history[0];
  const rest = newest && isStillTyping(newest.refinements, refinements) ? history.slice(1) : history;
  return [{ refinements, path: entry.path }, ...rest.filter((h) => h.path !== entry.path)].slice(0, HISTORY_LIMIT);
}
