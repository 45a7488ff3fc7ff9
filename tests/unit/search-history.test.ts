import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, addHistoryEntry, nonEmptyRefinements } from '../../src/lib/search/history.ts';

describe('search history', () => {
  it('keeps 5 entries with non-empty refinements, newest first, one per path', () => {
    expect(HISTORY_LIMIT).toBe(5);
    let h = addHistoryEntry([], { refinements: { make: [], query: [''] }, path: '/search/new-used-and-demo-cars' });
    expect(h).toEqual([]);
    for (let i = 0; i < 7; i++) h = addHistoryEntry(h, { refinements: { make: [`M${i}`], colour: [] }, path: `/search/m${i}` });
    expect(h).toHaveLength(5);
    expect(h[0]).toEqual({ refinements: { make: ['M6'] }, path: '/search/m6' });
    h = addHistoryEntry(h, { refinements: { make: ['M3'] }, path: '/search/m3' });
    expect(h.map((e) => e.path)).toEqual(['/search/m3', '/search/m6', '/search/m5', '/search/m4', '/search/m2']);
    expect(nonEmptyRefinements({ a: ['x', ''], b: [], c: 'y', d: undefined })).toEqual({ a: ['x'], c: ['y'] });
  });

  it('a query still being typed is one search: it replaces the newest entry, and another search after it adds one', () => {
    const at = (query: string, make?: string) => ({
      refinements: { query: [query], ...(make ? { make: [make] } : {}) },
      path: `/search/x?query=${query}${make ? `&make=${make}` : ''}`,
    });
    let h = addHistoryEntry([], at('toyota'));
    h = addHistoryEntry(h, at('hil'));
    h = addHistoryEntry(h, at('hilu'));
    expect(h.map((e) => e.refinements['query']![0])).toEqual(['hilu', 'toyota']);
    // A letter taken back is still the same search.
    h = addHistoryEntry(h, at('hil'));
    expect(h.map((e) => e.refinements['query']![0])).toEqual(['hil', 'toyota']);
    // Other refinements changed: another search.
    h = addHistoryEntry(h, at('hilux', 'Toyota'));
    expect(h).toHaveLength(3);
    // Not a start of the other: another search.
    h = addHistoryEntry(h, at('ranger', 'Toyota'));
    expect(h).toHaveLength(4);
  });
});
