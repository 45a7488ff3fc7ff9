import { describe, expect, it } from 'vitest';
import { CLEAR_FILTERS, EMPTY_TEXT, EMPTY_TITLE, clearFiltersTarget } from '../../src/lib/search/empty-state.ts';

describe('empty state', () => {
  it('has the spec texts and Clear Filters goes to the default search (offers: /special-offers)', () => {
    expect(EMPTY_TITLE).toBe('No Results Available');
    expect(EMPTY_TEXT).toBe('No results found for your search at this time. Please try adjusting the filters for more results.');
    expect(CLEAR_FILTERS).toBe('Clear Filters');
    expect(clearFiltersTarget('stock')).toBe('/search/new-used-and-demo-cars');
    expect(clearFiltersTarget('offers')).toBe('/special-offers');
  });
});
