import { describe, expect, it } from 'vitest';
import { orderFacetItems } from '../../src/lib/search/facet-order.ts';

const item = (value: string, count: number, isRefined = false) => ({ value, label: value, count, isRefined });

describe('facet ordering', () => {
  it('car_type is new, demo, used', () => {
    expect(orderFacetItems('car_type', [item('used', 900), item('new', 10), item('demo', 300)]).map((i) => i.value)).toEqual(['new', 'demo', 'used']);
  });
  it('price labels numerically', () => {
    const labels = ['$50,000 - $100,000', '$5,000 - $10,000', 'Under $5,000', '$10,000 - $20,000'];
    expect(
      orderFacetItems(
        'price_range',
        labels.map((l) => item(l, 1)),
      ).map((i) => i.value),
    ).toEqual(['Under $5,000', '$5,000 - $10,000', '$10,000 - $20,000', '$50,000 - $100,000']);
  });
  it('others by count, then label', () => {
    expect(orderFacetItems('colour', [item('White', 5), item('Black', 9), item('Blue', 5)]).map((i) => i.value)).toEqual(['Black', 'Blue', 'White']);
  });
});
