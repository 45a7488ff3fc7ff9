/**
 * The similar cars' band files (src/lib/vdp/similar-band.ts): each car's list in the build's display
 * order with the cards it shows, one file per car type and $1,000 of price, so a night's arrivals
 * rewrite a few band files rather than the file of every car near their price (issue 25).
 */
import { describe, expect, it } from 'vitest';
import { similarCardIds } from '../../src/lib/vdp/similar.ts';
import { similarBandFiles, similarBandKey, similarBandPath, similarCarouselHtml } from '../../src/lib/vdp/similar-band.ts';

const cards = { a: '<article data-car-id="a"></article>', b: '<article data-car-id="b"></article>', c: '<article data-car-id="c"></article>' };

describe("a car's similar cars, by price band", () => {
  it('puts a car in the band of its type and price: used apart from new and demo (the query groups them), by the thousand', () => {
    expect(similarBandKey({ car_type: 'used', price: 24_999 })).toBe('used-24');
    expect(similarBandKey({ car_type: 'demo', price: 25_000 })).toBe('new-25');
    expect(similarBandKey({ car_type: 'new', price: 0 })).toBe('new-unpriced');
    expect(similarBandPath({ car_type: 'used', price: null })).toBe('/cars/_similar/used-unpriced.json');
  });

  it('holds the lists of the cars of one band, in display order, and each card they show once', () => {
    const { files, missing } = similarBandFiles(
      [
        { id: '1', car_type: 'used', price: 20_100, similar_ids: ['b', 'a'] },
        { id: '2', car_type: 'used', price: 20_900, similar_ids: ['a', 'c'] },
        { id: '3', car_type: 'new', price: 20_500, similar_ids: ['c'] },
        { id: '4', car_type: 'used', price: 20_500, similar_ids: [] },
      ],
      cards,
    );
    expect(missing.size).toBe(0);
    expect([...files.keys()]).toEqual(['/cars/_similar/used-20.json', '/cars/_similar/new-20.json']);
    expect(files.get('/cars/_similar/used-20.json')).toEqual({ lists: { '1': ['b', 'a'], '2': ['a', 'c'] }, cards: { b: cards.b, a: cards.a, c: cards.c } });
  });

  it('leaves out a car without a card rather than showing an empty one, and names it', () => {
    const { files, missing } = similarBandFiles([{ id: '1', car_type: 'used', price: 5_000, similar_ids: ['x', 'a'] }], cards);
    expect(files.get('/cars/_similar/used-5.json')?.lists['1']).toEqual(['a']);
    expect([...missing]).toEqual(['x']);
  });

  it("gives the page its car's list as carousel items, and nothing for a car the file does not list", () => {
    const { files } = similarBandFiles([{ id: '1', car_type: 'used', price: 5_000, similar_ids: ['b', 'a'] }], cards);
    const file = JSON.parse(JSON.stringify(files.get('/cars/_similar/used-5.json'))) as unknown;
    expect(similarCarouselHtml('1', file)).toBe(
      '<div class="vdp-carousel-item"><article data-car-id="b"></article></div><div class="vdp-carousel-item"><article data-car-id="a"></article></div>',
    );
    expect(similarCarouselHtml('2', file)).toBeUndefined();
    expect(similarCarouselHtml('1', null)).toBeUndefined();
    expect(similarCarouselHtml('1', '<html>')).toBeUndefined();
  });

  it('renders each needed card once: the ids of every list, de-duplicated', () => {
    expect([...similarCardIds([{ similar_ids: ['a', 'b'] }, { similar_ids: ['b', 'c'] }, {}])]).toEqual(['a', 'b', 'c']);
  });
});
