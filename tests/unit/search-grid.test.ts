import { describe, expect, it } from 'vitest';
import { cardsPerRow, gridClass } from '../../src/lib/search/grid.ts';

describe('result grid', () => {
  it('3 per row large, 2 medium, 1 small; the variant has 4', () => {
    expect(cardsPerRow(1280)).toBe(3);
    expect(cardsPerRow(1024)).toBe(3);
    expect(cardsPerRow(1023)).toBe(2);
    expect(cardsPerRow(640)).toBe(2);
    expect(cardsPerRow(639)).toBe(1);
    expect(cardsPerRow(1280, 4)).toBe(4);
    expect(cardsPerRow(800, 4)).toBe(2);
    expect(gridClass(4)).toBe('grid cols-4');
    expect(gridClass(3)).toBe('grid');
  });
});
