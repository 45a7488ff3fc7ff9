import { describe, expect, it } from 'vitest';
import { COUNT_CAP, countUpValue, displayCount, sumFacetCounts, COUNT_UP_MS } from '../../src/lib/search/count.ts';

describe('result count', () => {
  it('a count above 1999 is replaced by the configured stock count, else the sum of facet counts', () => {
    expect(COUNT_CAP).toBe(1999);
    expect(displayCount(1999, { stockCount: 5000 })).toBe(1999);
    expect(displayCount(2000, { stockCount: 5000, facetSum: 4321 })).toBe(5000);
    expect(displayCount(2000, { facetSum: 4321 })).toBe(4321);
    expect(displayCount(2000, {})).toBe(2000);
    expect(sumFacetCounts({ new: 2000, used: 1500, demo: 821 })).toBe(4321);
    expect(sumFacetCounts({})).toBeUndefined();
  });

  it('Show Me N cars counts up to N over 1 second', () => {
    expect(COUNT_UP_MS).toBe(1000);
    expect(countUpValue(0, 1332, 0)).toBe(0);
    expect(countUpValue(0, 1332, 500)).toBe(666);
    expect(countUpValue(0, 1332, 999)).toBe(1331);
    expect(countUpValue(0, 1332, 1000)).toBe(1332);
    expect(countUpValue(200, 100, 500)).toBe(150);
  });
});
