import { describe, expect, it } from 'vitest';
import { loopIndex, rotateFrom } from '../../src/lib/rules/carousel.ts';
import { contactSlug } from '../../src/lib/rules/contact-slug.ts';
import { distanceKm } from '../../src/lib/rules/distance.ts';
import { popupVisible } from '../../src/lib/rules/popup.ts';
import { averageRating, formatRating, ratingLabel, reviewDateInWords, showReviews, starFills } from '../../src/lib/rules/review-display.ts';
import { SALES_COUNTER_REFRESH_MS, salesThisMonth } from '../../src/lib/rules/sales-counter.ts';
import { slideButtonLabel } from '../../src/lib/rules/slide-button.ts';
import { CARD_TEXT_LIMIT, truncateText } from '../../src/lib/rules/truncate.ts';

describe('slideButtonLabel', () => {
  it('reads Explore for a model url, Latest Offers for a finance url, else Learn More', () => {
    expect(slideButtonLabel('/models/hilux')).toBe('Explore');
    expect(slideButtonLabel('https://example.com/new-models/corolla')).toBe('Explore');
    expect(slideButtonLabel('/finance')).toBe('Latest Offers');
    expect(slideButtonLabel('/apply-for-finance?x=1')).toBe('Latest Offers');
    expect(slideButtonLabel('/special-offers')).toBe('Learn More');
    expect(slideButtonLabel('')).toBe('Learn More');
  });
  it('checks model before finance, ignoring case', () => {
    expect(slideButtonLabel('/models/rav4?finance=1')).toBe('Explore');
    expect(slideButtonLabel('/FINANCE')).toBe('Latest Offers');
  });
});

describe('salesThisMonth: 192 a day, one per 450 s of the day in Australia/Brisbane', () => {
  const brisbane = (iso: string) => Date.parse(`${iso}+10:00`);
  it('counts whole days of the month at 192 each', () => {
    expect(salesThisMonth(brisbane('2026-11-01T00:00:00'))).toBe(0);
    expect(salesThisMonth(brisbane('2026-11-02T00:00:00'))).toBe(192);
    expect(salesThisMonth(brisbane('2026-11-22T00:00:00'))).toBe(21 * 192);
  });
  it('adds one per 450 seconds since Brisbane midnight', () => {
    expect(salesThisMonth(brisbane('2026-11-22T00:07:29'))).toBe(4032);
    expect(salesThisMonth(brisbane('2026-11-22T00:07:30'))).toBe(4033);
    expect(salesThisMonth(brisbane('2026-11-22T23:59:59'))).toBe(4032 + 191);
    // UTC midnight is 10:00 in Brisbane: 36000 / 450 = 80.
    expect(salesThisMonth(Date.parse('2026-11-22T00:00:00Z'))).toBe(4032 + 80);
  });
  it('uses the Brisbane date, not UTC, around the month boundary', () => {
    // 30 Nov 14:00 UTC is 1 Dec 00:00 in Brisbane.
    expect(salesThisMonth(Date.parse('2026-11-30T14:00:00Z'))).toBe(0);
    expect(salesThisMonth(Date.parse('2026-11-30T13:59:59Z'))).toBe(29 * 192 + 191);
  });
  it('refreshes every 150 seconds', () => {
    expect(SALES_COUNTER_REFRESH_MS).toBe(150_000);
  });
});

describe('review display', () => {
  const opts = { minRating: 4, hidden: false };
  it('shows reviews only when the average is above the minimum (4) and not hidden', () => {
    expect(showReviews({ average_rating: 4.6, count: 812 }, opts)).toBe(true);
    expect(showReviews({ average_rating: '4.1', count: 12 }, opts)).toBe(true);
    expect(showReviews({ average_rating: 4, count: 100 }, opts)).toBe(false);
    expect(showReviews({ average_rating: 3.9, count: 100 }, opts)).toBe(false);
    expect(showReviews({ average_rating: 4.8, count: 100 }, { minRating: 4, hidden: true })).toBe(false);
    expect(showReviews({ average_rating: 4.8, count: 0 }, opts)).toBe(false);
    expect(showReviews({ average_rating: undefined, count: 3 }, opts)).toBe(false);
    expect(showReviews({ average_rating: 'n/a', count: 3 }, opts)).toBe(false);
    expect(showReviews({ average_rating: 4.3, count: 3 }, { minRating: 4.5, hidden: false })).toBe(false);
  });
  it('reads a string average and shows one decimal', () => {
    expect(averageRating({ average_rating: '4.65', count: 1 })).toBe(4.65);
    expect(formatRating(4.65)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(4.04)).toBe('4.0');
    expect(ratingLabel(4.6, 1243)).toBe('4.6 out of 5 stars from 1,243 reviews');
    expect(ratingLabel(4.6, 1)).toBe('4.6 out of 5 stars from 1 review');
  });
  it('fills a partial star only when the fraction exceeds 30 percent', () => {
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(4.31)).toEqual([1, 1, 1, 1, 0.31]);
    expect(starFills(4.6)).toEqual([1, 1, 1, 1, 0.6]);
    expect(starFills(4.2)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.35)).toEqual([1, 1, 1, 0.35, 0]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('truncateText (offer disclaimers and blog descriptions on cards)', () => {
  it('keeps text of up to 100 characters and cuts longer text at 100 with an ellipsis', () => {
    expect(CARD_TEXT_LIMIT).toBe(100);
    const exact = 'x'.repeat(100);
    expect(truncateText(exact)).toBe(exact);
    expect(truncateText(`${exact}y`)).toBe(`${exact}...`);
    const long = 'Offer ends 31 December. Available on new vehicles purchased and delivered between 1 and 31 December 2026 at participating dealers.';
    expect(truncateText(long)).toBe(`${long.slice(0, 100).trimEnd()}...`);
    expect(truncateText(long).length).toBeLessThanOrEqual(103);
  });
  it('never leaves a space before the ellipsis', () => {
    const text = `${'a'.repeat(99)} bcd`;
    expect(truncateText(text)).toBe(`${'a'.repeat(99)}...`);
  });
});

describe('contactSlug', () => {
  it('drops a trailing Sales, Service or Parts', () => {
    expect(contactSlug('Southern Toyota Parramatta Service', ['Toyota'])).toBe('southern-toyota-parramatta');
    expect(contactSlug('Southern Ford Dandenong Parts', ['Ford'])).toBe('southern-ford-dandenong');
    expect(contactSlug('Southern Hyundai Kia Springwood Sales', ['Hyundai', 'Kia'])).toBe('southern-hyundai-kia-springwood');
    expect(contactSlug('Redline Osborne Park')).toBe('redline-osborne-park');
    // Only trailing: a department word inside the name stays.
    expect(contactSlug('Service Motors Gosford')).toBe('service-motors-gosford');
  });
  it('restores a truncated make name to its correct spelling', () => {
    expect(contactSlug('Brighton Mercedes Sales', ['Mercedes-Benz'])).toBe('brighton-mercedes-benz');
    expect(contactSlug('Brighton Mercedes-Benz Sales', ['Mercedes-Benz'])).toBe('brighton-mercedes-benz');
    expect(contactSlug('Coastal Volkswag Parts')).toBe('coastal-volkswagen');
    expect(contactSlug('Metro Alfa Service', ['Alfa Romeo'])).toBe('metro-alfa-romeo');
    // The sales and service locations of one dealership share a contact page.
    expect(contactSlug('Southern Toyota Parramatta', ['Toyota'])).toBe(contactSlug('Southern Toyota Parramatta Service', ['Toyota']));
  });
  it('leaves ambiguous or unknown words alone', () => {
    expect(contactSlug('Metro Mer')).toBe('metro-mer');
    expect(contactSlug('Redline Cannington')).toBe('redline-cannington');
  });
});

describe('promo carousel', () => {
  it('starts at index 1 and loops', () => {
    expect(rotateFrom(['a', 'b', 'c'])).toEqual(['b', 'c', 'a']);
    expect(rotateFrom(['a'])).toEqual(['a']);
    expect(rotateFrom([])).toEqual([]);
    expect(loopIndex(3, 3)).toBe(0);
    expect(loopIndex(-1, 3)).toBe(2);
  });
});

describe('popupVisible', () => {
  const now = Date.parse('2026-11-22T12:00:00+10:00');
  it('hides the popup once closed or expired', () => {
    expect(popupVisible(undefined, now, false)).toBe(true);
    expect(popupVisible(undefined, now, true)).toBe(false);
    expect(popupVisible('2026-11-22', now, false)).toBe(true);
    expect(popupVisible('2026-11-21', now, false)).toBe(false);
    expect(popupVisible('2026-11-22T11:00:00+10:00', now, false)).toBe(false);
  });
});

describe('distanceKm', () => {
  it('uses an earth radius of 6371 km', () => {
    expect(distanceKm({ lat: 0, long: 0 }, { lat: 0, long: 1 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
    // Parramatta to Springwood (QLD): about 730 km.
    expect(distanceKm({ lat: -33.806, long: 151.003 }, { lat: -27.613, long: 153.128 })).toBeGreaterThan(700);
  });
});

describe('review dates', () => {
  it('reads as the date in words, the same on every day the page is served', () => {
    expect(reviewDateInWords('2026-11-03')).toBe('3 November 2026');
    expect(reviewDateInWords('2025-01-31T09:00:00+10:00')).toBe('31 January 2025');
    expect(reviewDateInWords('not a date')).toBe('not a date');
  });
});
