import { describe, expect, it } from 'vitest';
import { averageRating, formatRating, ratingLabel, reviewDateInWords, showReviews, starFills } from '../../src/lib/rules/review-display.ts';

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

describe('review dates', () => {
  it('reads as the date in words, the same on every day the page is served', () => {
    expect(reviewDateInWords('2026-11-03')).toBe('3 November 2026');
    expect(reviewDateInWords('2025-01-31T09:00:00+10:00')).toBe('31 January 2025');
    expect(reviewDateInWords('not a date')).toBe('not a date');
  });
});
