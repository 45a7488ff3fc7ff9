import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS, sortIndex, sortKeyOfIndex, sortNumericFilters } from '../../src/lib/search/sort.ts';

describe('sort', () => {
  it('most relevant, latest, highest price, lowest price; price ascending adds price > 0 where configured', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Most relevant', 'Latest', 'Highest price', 'Lowest price']);
    expect(sortIndex('Car_production', 'relevant')).toBe('Car_production');
    expect(sortIndex('Car_production', 'price_asc')).toBe('Car_production:price:asc');
    expect(sortKeyOfIndex('Car_production', 'Car_production:created_at:desc')).toBe('latest');
    expect(sortNumericFilters('price_asc', true)).toEqual(['price>0']);
    expect(sortNumericFilters('price_asc', false)).toEqual([]);
    expect(sortNumericFilters('price_desc', true)).toEqual([]);
  });
});
