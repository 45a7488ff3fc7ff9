import { describe, expect, it } from 'vitest';
import { loopIndex, rotateFrom } from '../../src/lib/rules/carousel.ts';

describe('promo carousel', () => {
  it('starts at index 1 and loops', () => {
    expect(rotateFrom(['a', 'b', 'c'])).toEqual(['b', 'c', 'a']);
    expect(rotateFrom(['a'])).toEqual(['a']);
    expect(rotateFrom([])).toEqual([]);
    expect(loopIndex(3, 3)).toBe(0);
    expect(loopIndex(-1, 3)).toBe(2);
  });
});
