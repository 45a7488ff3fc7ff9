import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_CAP, countUpValue, displayCount, sumFacetCounts, COUNT_UP_MS } from '../../src/lib/search/count.ts';
import { CLEAR_FILTERS, EMPTY_TEXT, EMPTY_TITLE, clearFiltersTarget } from '../../src/lib/search/empty-state.ts';
import { orderFacetItems } from '../../src/lib/search/facet-order.ts';
import { cardsPerRow, gridClass } from '../../src/lib/search/grid.ts';
import { HISTORY_LIMIT, addHistoryEntry, nonEmptyRefinements } from '../../src/lib/search/history.ts';
import {
  HIDE_EXTRA_MAKES,
  HIDE_MODELS,
  MAKES_COLLAPSED,
  MODELS_LIMIT,
  SELECT_MODELS,
  SHOW_ALL_MAKES,
  makeFacetView,
  modelToggleLabel,
  modelsOfMake,
} from '../../src/lib/search/make-facet.ts';
import { promoActive, promosForSearch, withPromos, type PromoPlacement } from '../../src/lib/search/promo.ts';
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
import { SORT_OPTIONS, sortIndex, sortKeyOfIndex, sortNumericFilters } from '../../src/lib/search/sort.ts';
import { SEARCH_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS, debounce } from '../../src/lib/search/timing.ts';

const item = (value: string, count: number, isRefined = false) => ({ value, label: value, count, isRefined });

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

describe('debounces', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('search box 300 ms, sliders 400 ms: only the last value after quiet is sent', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(SLIDER_DEBOUNCE_MS).toBe(400);
    const sent: string[] = [];
    const send = debounce((q: string) => sent.push(q), SEARCH_DEBOUNCE_MS);
    send('h');
    vi.advanceTimersByTime(299);
    send('hi');
    vi.advanceTimersByTime(299);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['hi']);
    send('hil');
    send.flush();
    expect(sent).toEqual(['hi', 'hil']);
    send('x');
    send.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['hi', 'hil']);
  });
});

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

describe('make facet', () => {
  const makes = Array.from({ length: 25 }, (_, i) => item(`Make${String(i).padStart(2, '0')}`, 100 - i));

  it('all makes collapse to 7 until Show all makes, then Hide extra makes; divider after 20', () => {
    const collapsed = makeFacetView(makes, [], false);
    expect(MAKES_COLLAPSED).toBe(7);
    expect(collapsed.all).toHaveLength(7);
    expect(collapsed.toggle).toBe(SHOW_ALL_MAKES);
    expect(collapsed.dividerAfter).toBeUndefined();
    const open = makeFacetView(makes, [], true);
    expect(open.all).toHaveLength(25);
    expect(open.toggle).toBe(HIDE_EXTRA_MAKES);
    expect(open.dividerAfter).toBe(19);
    expect(makeFacetView(makes.slice(0, 7), [], false).toggle).toBeUndefined();
  });

  it('keeps a refined make visible when collapsed, and lists popular makes that have stock', () => {
    const withRefined = makes.map((m, i) => (i === 12 ? { ...m, isRefined: true } : m));
    expect(makeFacetView(withRefined, [], false).all.map((m) => m.value)).toContain('Make12');
    expect(makeFacetView(makes, ['make03', 'Nope', 'Make01'], false).popular.map((m) => m.value)).toEqual(['Make03', 'Make01']);
  });

  it('Select models / Hide, and at most 30 models of that make', () => {
    expect(modelToggleLabel(false)).toBe(SELECT_MODELS);
    expect(modelToggleLabel(true)).toBe(HIDE_MODELS);
    const models = [...Array.from({ length: 40 }, (_, i) => item(`Toyota > M${i}`, 1)), item('Ford > Ranger', 3)];
    expect(MODELS_LIMIT).toBe(30);
    expect(modelsOfMake('Toyota', models)).toHaveLength(30);
    expect(modelsOfMake('ford', models).map((m) => m.value)).toEqual(['Ford > Ranger']);
  });
});

describe('empty state', () => {
  it('has the spec texts and Clear Filters goes to the default search (offers: /special-offers)', () => {
    expect(EMPTY_TITLE).toBe('No Results Available');
    expect(EMPTY_TEXT).toBe('No results found for your search at this time. Please try adjusting the filters for more results.');
    expect(CLEAR_FILTERS).toBe('Clear Filters');
    expect(clearFiltersTarget('stock')).toBe('/search/new-used-and-demo-cars');
    expect(clearFiltersTarget('offers')).toBe('/special-offers');
  });
});

describe('search history', () => {
  it('keeps 5 entries with non-empty refinements, newest first, one per path', () => {
    expect(HISTORY_LIMIT).toBe(5);
    let h = addHistoryEntry([], { refinements: { make: [], query: [''] }, path: '/search/new-used-and-demo-cars' });
    expect(h).toEqual([]);
    for (let i = 0; i < 7; i++) h = addHistoryEntry(h, { refinements: { make: [`M${i}`], colour: [] }, path: `/search/m${i}` });
    expect(h).toHaveLength(5);
    expect(h[0]).toEqual({ refinements: { make: ['M6'] }, path: '/search/m6' });
    h = addHistoryEntry(h, { refinements: { make: ['M3'] }, path: '/search/m3' });
    expect(h.map((e) => e.path)).toEqual(['/search/m3', '/search/m6', '/search/m5', '/search/m4', '/search/m2']);
    expect(nonEmptyRefinements({ a: ['x', ''], b: [], c: 'y', d: undefined })).toEqual({ a: ['x'], c: ['y'] });
  });
});

describe('promo cards', () => {
  const promo = (title: string, placement: PromoPlacement = {}): PromoPlacement & { title: string } => ({ title, ...placement });
  it('appear at the configured positions, the nth promo chosen cyclically (continuing across pages)', () => {
    const hits = Array.from({ length: 21 }, (_, i) => i);
    const [A, B, C] = [promo('A'), promo('B'), promo('C')];
    const grid = withPromos(hits, [5, 14, 30], [A, B]);
    expect(grid).toHaveLength(23);
    expect(grid[5]).toEqual({ kind: 'promo', promo: A, slot: 0 });
    expect(grid[14]).toEqual({ kind: 'promo', promo: B, slot: 1 });
    expect(grid[6]).toEqual({ kind: 'hit', hit: 5 });
    const page2 = withPromos(hits, [5, 14], [A, B, C], 2);
    expect(page2[5]).toEqual({ kind: 'promo', promo: C, slot: 2 });
    expect(page2[14]).toEqual({ kind: 'promo', promo: A, slot: 3 });
    expect(withPromos(hits, [5], [])).toHaveLength(21);
    expect(withPromos([], [0], [A])).toEqual([]);
  });
  it('a promo with its own position is pinned there on every page; the others fill the remaining positions in turn', () => {
    const hits = Array.from({ length: 21 }, (_, i) => i);
    const [A, B] = [promo('A'), promo('B')];
    const P = promo('P', { position: 5 });
    const grid = withPromos(hits, [5, 14], [A, P, B], 0);
    expect(grid[5]).toMatchObject({ kind: 'promo', promo: P });
    expect(grid[14]).toMatchObject({ kind: 'promo', promo: A, slot: 0 });
    expect(grid.filter((g) => g.kind === 'promo')).toHaveLength(2);
    const page2 = withPromos(hits, [5, 14], [A, P, B], 2);
    expect(page2[5]).toMatchObject({ promo: P });
    expect(page2[14]).toMatchObject({ promo: A, slot: 2 });
    // Pinned alone (no configured positions) still shows; a position past the page is left out.
    expect(withPromos(hits, [], [promo('Q', { position: 0 })])[0]).toMatchObject({ kind: 'promo' });
    expect(withPromos(hits.slice(0, 3), [], [promo('Q', { position: 9 })]).every((g) => g.kind === 'hit')).toBe(true);
  });
  it('display picks the searches a promo shows on; strict display keeps it off the unfiltered search', () => {
    const all = promo('all');
    const newer = promo('new', { display: ['new'] });
    const usedOnly = promo('used', { display: ['used'], strict_display: true });
    const titles = (carTypes: string[]) => promosForSearch([all, newer, usedOnly], carTypes).map((p) => p.title);
    expect(titles([])).toEqual(['all', 'new']);
    expect(titles(['new'])).toEqual(['all', 'new']);
    expect(titles(['used'])).toEqual(['all', 'used']);
    expect(titles(['demo'])).toEqual(['all']);
    expect(titles(['new', 'used'])).toEqual(['all', 'new', 'used']);
    expect(titles(['new', 'used', 'demo'])).toEqual(['all', 'new']);
  });
  it('a promo shows from its start day through its expiry day', () => {
    const p = { start: '2026-12-01', expires: '2026-12-24' };
    expect(promoActive(p, '2026-11-30')).toBe(false);
    expect(promoActive(p, '2026-12-01')).toBe(true);
    expect(promoActive(p, '2026-12-24')).toBe(true);
    expect(promoActive(p, '2026-12-25')).toBe(false);
    expect(promoActive({}, '2026-12-25')).toBe(true);
  });
});

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

describe('sort', () => {
  it('most relevant, latest, highest price, lowest price; price ascending adds price > 0 where configured', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Most relevant', 'Latest', 'Highest price', 'Lowest price']);
    expect(sortIndex('Car_production', 'relevant')).toBe('Car_production');
    expect(sortIndex('Car_production', 'price_asc')).toBe('Car_production:price:asc');
    expect(sortKeyOfIndex('Car_production', 'Car_production:created_at:desc')).toBe('latest');
    expect(sortNumericFilters('price_asc', true)).toEqual(['price>0']);
    expect(sortNumericFilters('price_asc', false)).toEqual([]);
    expect(sortNumericFilters('price_desc', true)).toEqual([]);
  });
});
