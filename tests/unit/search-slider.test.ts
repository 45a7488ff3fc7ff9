import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLIDER_RANGE,
  SEARCH_PAGE_PRICE_SLIDER,
  moveThumb,
  priceSliderSearchUrl,
  roundToThousand,
  sliderRange,
  sliderRefinement,
  sliderStep,
} from '../../src/lib/search/slider.ts';

describe('sliders (price and km)', () => {
  it('round to the nearest 1000', () => {
    expect(roundToThousand(12_499)).toBe(12_000);
    expect(roundToThousand(12_500)).toBe(13_000);
    expect(roundToThousand(999)).toBe(1_000);
    expect(roundToThousand(0)).toBe(0);
  });

  it('default range 0 to 100000 with a step of one hundredth; the facet maximum only when the facet display is on', () => {
    expect(DEFAULT_SLIDER_RANGE).toEqual({ min: 0, max: 100_000 });
    expect(sliderStep(DEFAULT_SLIDER_RANGE)).toBe(1_000);
    expect(sliderRange(187_450, false)).toEqual({ min: 0, max: 100_000 });
    expect(sliderRange(187_450, true)).toEqual({ min: 0, max: 188_000 });
    expect(sliderRange(undefined, true)).toEqual(DEFAULT_SLIDER_RANGE);
  });

  it('ignores moves outside the range and keeps the minimum at least 1 below the maximum', () => {
    const range = { min: 0, max: 100_000 };
    expect(moveThumb([0, 100_000], 'min', -1, range)).toEqual({ ok: false, reason: 'below minimum' });
    expect(moveThumb([0, 100_000], 'max', 100_001, range)).toEqual({ ok: false, reason: 'above maximum' });
    expect(moveThumb([10_000, 50_000], 'min', 60_000, range)).toEqual({ ok: true, value: [49_999, 50_000] });
    expect(moveThumb([10_000, 50_000], 'max', 5_000, range)).toEqual({ ok: true, value: [10_000, 10_001] });
    expect(moveThumb([10_000, 50_000], 'min', 20_000, range)).toEqual({ ok: true, value: [20_000, 50_000] });
  });

  it('writes a rounded, clamped refinement; a thumb at the range edge means no bound', () => {
    const range = { min: 0, max: 100_000 };
    expect(sliderRefinement([12_400, 48_600], range)).toEqual({ min: 12_000, max: 49_000 });
    expect(sliderRefinement([0, 100_000], range)).toEqual({});
    expect(sliderRefinement([300, 99_700], range)).toEqual({});
    // Rounding both thumbs to the same thousand keeps the minimum below the maximum.
    expect(sliderRefinement([20_100, 20_300], range)).toEqual({ min: 20_000, max: 21_000 });
    expect(sliderRefinement([99_800, 99_900], range)).toEqual({ min: 99_000 });
  });

  it('search-page price slider: 5000 to 250000 in steps of 500, applied sorted by price descending', () => {
    expect(SEARCH_PAGE_PRICE_SLIDER).toEqual({ min: 5_000, max: 250_000, step: 500 });
    expect(priceSliderSearchUrl([12_345, 60_260])).toBe('/search/new-used-and-demo-cars?range[price]=12500:60500&sortBy=price_desc');
    expect(priceSliderSearchUrl([1_000, 900_000])).toBe('/search/new-used-and-demo-cars?range[price]=5000:250000&sortBy=price_desc');
  });
});
