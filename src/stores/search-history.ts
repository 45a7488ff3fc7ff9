/** The shopper's last 5 searches (browse spec section 3: the non-empty refinements and a path), kept in this browser. */
import { addHistoryEntry, type HistoryEntry } from '../lib/search/history.ts';
import { isArrayOf, isRecord, persistedAtom } from './persisted.ts';

const isEntry = (x: unknown) => isRecord(x) && typeof x['path'] === 'string' && isRecord(x['refinements']);

export const $searchHistory = persistedAtom<HistoryEntry[]>('dealer:search-history', [], isArrayOf<HistoryEntry>(isEntry));

/** Remembers a search; the rule (newest first, at most 5, nothing empty) is addHistoryEntry's. */
export function recordSearch(entry: HistoryEntry): void {
  $searchHistory.set(addHistoryEntry($searchHistory.get(), entry));
}
