import { describe, expect, it } from 'vitest';
import { priceDisplay } from '../../src/lib/rules/price-display.ts';

describe('priceDisplay', () => {
  it('shows a price only above 10 and never $0', () => {
    expect(priceDisplay({ price: 11 })).toEqual({ kind: 'price', amount: 11, text: '$11' });
    expect(priceDisplay({ price: 10 })).toEqual({ kind: 'no-price', text: 'Enquire for price.' });
    expect(priceDisplay({ price: 0 }).text).toBe('Enquire for price.');
    expect(priceDisplay({ price: null, preorder: true }).text).toBe('PREORDER');
    expect(priceDisplay({ price: 0 }, 'Call us').text).toBe('Call us');
    expect(priceDisplay({ price: 31990 }).text).toBe('$31,990');
  });
});

describe('price display on the vehicle page', () => {
  it('shows a price only above 10 (10 and 11), PREORDER, else the no-price text; never $0', () => {
    expect(priceDisplay({ price: 10 }, 'Call for price').text).toBe('Call for price');
    expect(priceDisplay({ price: 11 }).text).toBe('$11');
    expect(priceDisplay({ price: 0, preorder: true }).text).toBe('PREORDER');
    expect(priceDisplay({ price: 11, preorder: true }).text).toBe('$11');
    expect(priceDisplay({ price: 0 }).text).toBe('Enquire for price.');
  });
});
