import { describe, expect, it } from 'vitest';
import { withPromos } from '../../src/lib/search/promo.ts';

describe('promo cards', () => {
  it('appear at the configured positions, the nth promo chosen cyclically (continuing across pages)', () => {
    const hits = Array.from({ length: 21 }, (_, i) => i);
    const grid = withPromos(hits, [5, 14, 30], ['A', 'B']);
    expect(grid).toHaveLength(23);
    expect(grid[5]).toEqual({ kind: 'promo', promo: 'A', slot: 0 });
    expect(grid[14]).toEqual({ kind: 'promo', promo: 'B', slot: 1 });
    expect(grid[6]).toEqual({ kind: 'hit', hit: 5 });
    const page2 = withPromos(hits, [5, 14], ['A', 'B', 'C'], 2);
    expect(page2[5]).toEqual({ kind: 'promo', promo: 'C', slot: 2 });
    expect(page2[14]).toEqual({ kind: 'promo', promo: 'A', slot: 3 });
    expect(withPromos(hits, [5], [])).toHaveLength(21);
    expect(withPromos([], [0], ['A'])).toEqual([]);
  });
});
