import { formatCount } from './format.ts';

/** Review settings the display reads (tenant.json `reviews` and `features.hide_reviews`). */
export interface ReviewDisplayOptions {
  /** Reviews show only when the average is above this (spec default 4). */
  minRating: number;
  hidden: boolean;
}

/** The spec's aggregate: average_rating may arrive as a string ("4.6"). */
export interface ReviewAggregate {
  average_rating: number | string | undefined;
  count: number | undefined;
}

/** The average as a number, or undefined when missing or not a number. */
export function averageRating(agg: ReviewAggregate): number | undefined {
  const n = typeof agg.average_rating === 'string' ? Number.parseFloat(agg.average_rating) : agg.average_rating;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

/**
 * The spec's hidden reviews list: reviews whose id is on the tenant's list (reviews.hidden) are never
 * listed; the next ones take their places. The aggregate (count and average) is not changed: it is
 * the review site's, and hiding a review must not raise the average shown.
 */
export function listedReviews<R extends { id?: string | number | undefined }>(reviews: readonly R[], hidden: readonly string[]): R[] {
  const ids = new Set(hidden);
  return reviews.filter((r) => r.id === undefined || !ids.has(String(r.id)));
}

/** Reviews are shown only when not hidden and the average is strictly above the minimum. */
export function showReviews(agg: ReviewAggregate, opts: ReviewDisplayOptions): boolean {
  const avg = averageRating(agg);
  return !opts.hidden && avg !== undefined && avg > opts.minRating && (agg.count ?? 1) > 0;
}

/** One decimal, as shown next to the stars: 4.65 -> "4.7", 5 -> "5.0". */
export function formatRating(avg: number): string {
  return (Math.round(avg * 10) / 10).toFixed(1);
}

/**
 * How much of each of the 5 stars is filled (0 to 1). Whole stars fill; the star holding the
 * fraction fills to that fraction only when it exceeds 30 percent, otherwise it stays empty.
 */
export function starFills(avg: number): number[] {
  // Hundredths avoid float noise (4.3 - 4 = 0.2999...).
  const hundredths = Math.round(Math.min(5, Math.max(0, avg)) * 100);
  return [0, 1, 2, 3, 4].map((i) => {
    const part = Math.min(100, Math.max(0, hundredths - i * 100));
    if (part === 100) return 1;
    return part > 30 ? part / 100 : 0;
  });
}

/** "4.6 out of 5 stars from 1,243 reviews": the accessible name of a rating. */
export function ratingLabel(avg: number, count: number | undefined): string {
  const reviews = count === undefined ? '' : ` from ${formatCount(count, 'review', 'reviews')}`;
  return `${formatRating(avg)} out of 5 stars${reviews}`;
}

/**
 * The spec's review_date_in_words: "12 November 2026". Shown instead of a relative age ("3 days ago",
 * the spec's created_at_time_ago_in_words) because a static page is served for days after its build:
 * a relative age would go stale, and would make every page that shows reviews change every day.
 */
export function reviewDateInWords(isoDate: string): string {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
