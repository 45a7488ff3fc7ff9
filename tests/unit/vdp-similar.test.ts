/**
 * A car's similar.json (src/lib/vdp/similar.ts): the similar cars' ids in the build's display order and
 * their cards, each card rendered once for every list it is in.
 */
import { describe, expect, it } from 'vitest';
import { similarCardIds, similarCardsFile, similarCardsPath } from '../../src/lib/vdp/similar.ts';

describe("a car's similar cars file", () => {
  it('lists the ids in display order with their cards, each in a carousel item', () => {
    const cards = { a: '<article data-car-id="a"></article>', b: '<article data-car-id="b"></article>' };
    expect(similarCardsFile(['b', 'a'], cards)).toEqual({
      ids: ['b', 'a'],
      html: '<div class="vdp-carousel-item"><article data-car-id="b"></article></div><div class="vdp-carousel-item"><article data-car-id="a"></article></div>',
    });
  });

  it('leaves out a car without a card rather than showing an empty one', () => {
    expect(similarCardsFile(['x', 'a'], { a: '<article></article>' }).ids).toEqual(['a']);
  });

  it('renders each needed card once: the ids of every list, de-duplicated', () => {
    expect([...similarCardIds([{ similar_ids: ['a', 'b'] }, { similar_ids: ['b', 'c'] }, {}])]).toEqual(['a', 'b', 'c']);
  });

  it('is at /cars/{slug}/similar.json', () => {
    expect(similarCardsPath('2020-toyota-hilux-sr5-abc123')).toBe('/cars/2020-toyota-hilux-sr5-abc123/similar.json');
  });
});
