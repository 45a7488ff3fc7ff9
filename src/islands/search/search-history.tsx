import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { addHistoryEntry, type HistoryEntry } from '../../lib/search/history.ts';
import type { SearchState } from '../../lib/search/url.ts';
import { facetLabel } from './facets.tsx';

const KEY = 'dealer:search-history';

function read(): HistoryEntry[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

/** The shopper's last 5 searches (non-empty refinements and the path), kept in this browser. */
export const $searchHistory = atom<HistoryEntry[]>([]);

export function recordSearch(route: SearchState, path: string): void {
  const refinements: Record<string, string[]> = { ...route.refinements } as Record<string, string[]>;
  if (route.query.trim()) refinements['query'] = [route.query.trim()];
  for (const [k, r] of Object.entries(route.ranges)) if (r) refinements[k] = [`${r.min ?? ''}:${r.max ?? ''}`];
  const next = addHistoryEntry(read(), { refinements, path });
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: history is a convenience only.
  }
  $searchHistory.set(next);
}

function describe(e: HistoryEntry): string {
  return Object.entries(e.refinements)
    .flatMap(([k, values]) => values.map((v) => (k === 'query' ? `“${v}”` : k === 'price' || k === 'km' ? `${k} ${v}` : facetLabel(k, v))))
    .join(' · ');
}

/** Recent searches, shown after mount (stored state never takes part in the server HTML). */
export function RecentSearches() {
  const history = useStore($searchHistory);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    $searchHistory.set(read());
    setMounted(true);
  }, []);
  if (!mounted || history.length < 2) return null;
  return (
    <details className="facet facet-dropdown recent-searches">
      <summary>Recent searches</summary>
      <ul>
        {history.slice(1).map((e) => (
          <li key={e.path}>
            <a href={e.path}>{describe(e)}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}
