import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { HistoryEntry } from '../../lib/search/history.ts';
import type { SearchState } from '../../lib/search/url.ts';
import { $searchHistory, recordSearch as remember } from '../../stores/search-history.ts';
import { facetLabel } from './facets.tsx';

/** Records the search the shopper is looking at: its refinements, query and ranges, and its address. */
export function recordSearch(route: SearchState, path: string): void {
  const refinements: Record<string, string[]> = { ...route.refinements } as Record<string, string[]>;
  if (route.query.trim()) refinements['query'] = [route.query.trim()];
  for (const [k, r] of Object.entries(route.ranges)) if (r) refinements[k] = [`${r.min ?? ''}:${r.max ?? ''}`];
  remember({ refinements, path });
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
  useEffect(() => setMounted(true), []);
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
