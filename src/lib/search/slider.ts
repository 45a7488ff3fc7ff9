/** Price and km sliders (spec sections 5 and 9). */
export interface Range {
  min: number;
  max: number;
}

export const DEFAULT_SLIDER_RANGE: Range = { min: 0, max: 100_000 };
/** The search-page price slider variant: 5000 to 250000 in steps of 500. */
export const SEARCH_PAGE_PRICE_SLIDER = { min: 5_000, max: 250_000, step: 500 } as const;
export const SLIDER_ROUNDING = 1_000;

/** Price and km are rounded to the nearest 1000. */
export function roundToThousand(value: number): number {
  return Math.round(value / SLIDER_ROUNDING) * SLIDER_ROUNDING;
}

/** The slider step is one hundredth of the range. */
export function sliderStep(range: Range): number {
  return (range.max - range.min) / 100;
}

/**
 * The slider's range: 0 to 100000 by default; the facet maximum (rounded up to the next 1000) is used
 * only when the facet display is on.
 */
export function sliderRange(facetMax: number | undefined, showFacetMax: boolean): Range {
  if (showFacetMax && facetMax !== undefined && facetMax > 0) return { min: 0, max: Math.ceil(facetMax / SLIDER_ROUNDING) * SLIDER_ROUNDING };
  return DEFAULT_SLIDER_RANGE;
}

export type Thumb = 'min' | 'max';
export type MoveResult = { ok: true; value: [number, number] } | { ok: false; reason: 'below minimum' | 'above maximum' };

/**
 * Moves one thumb: values outside the range are ignored (the caller logs it); the minimum cannot pass
 * the maximum and the maximum cannot go below the minimum (the minimum is kept at least 1 below).
 */
export function moveThumb(current: readonly [number, number], thumb: Thumb, value: number, range: Range): MoveResult {
  if (value < range.min) return { ok: false, reason: 'below minimum' };
  if (value > range.max) return { ok: false, reason: 'above maximum' };
  const [lo, hi] = current;
  if (thumb === 'min') return { ok: true, value: [Math.min(value, hi - 1), hi] };
  return { ok: true, value: [lo, Math.max(value, lo + 1)] };
}

/**
 * The refinement a slider writes: both ends rounded to 1000 and clamped to the range; an end at the
 * range's edge means "no bound" (undefined). The rounded minimum stays below the rounded maximum.
 */
export function sliderRefinement(value: readonly [number, number], range: Range): { min?: number; max?: number } {
  const clamp = (x: number) => Math.min(range.max, Math.max(range.min, x));
  let lo = clamp(roundToThousand(value[0]));
  let hi = clamp(roundToThousand(value[1]));
  if (lo >= hi) {
    if (hi + SLIDER_ROUNDING <= range.max) hi = lo + SLIDER_ROUNDING;
    else lo = hi - SLIDER_ROUNDING;
  }
  const out: { min?: number; max?: number } = {};
  if (lo > range.min) out.min = lo;
  if (hi < range.max) out.max = hi;
  return out;
}

/** The search-page price slider goes to the stock search sorted by price, highest first. */
export function priceSliderSearchUrl(value: readonly [number, number]): string {
  const { min, max, step } = SEARCH_PAGE_PRICE_SLIDER;
  const snap = (x: number) => Math.min(max, Math.max(min, Math.round(x / step) * step));
  const lo = snap(Math.min(value[0], value[1]));
  const hi = snap(Math.max(value[0], value[1]));
  // The exact string searchLink({}, ctx, { sortBy: 'price_desc', ranges: { price: { min: lo, max: hi } } })
  // builds (tests/unit/search-site-search.test.ts holds them equal), written out so /cars/'s slider script
  // stays ~0.4 KB brotli instead of bundling the whole URL builder (slugs, body labels) for one link.
  return `/search/new-used-and-demo-cars?range[price]=${lo}:${hi}&sortBy=price_desc`;
}
