/**
 * What the browse pages show, from the tenant's content with the defaults filled in. Every function
 * takes the site model, so the same answers come out of the pages, the sitemap and the tests.
 */
import { buildDate } from '../rules/tenant-clock.ts';
import type { Photo } from '../model/vehicle.ts';
import { averageRating, listedReviews, showReviews } from '../rules/review-display.ts';
import type { SiteModel } from '../site/site-model.ts';
import { defaultPage, STANDARD_PAGES, type StandardPage } from './default-pages.ts';
import type { ContentPage, LoadedContent } from './load-content.ts';
import type { Feature, Offer, Popup, Promotion, Review, Slide } from './schemas.ts';
import { allStockLink } from '../search/url.ts';

export function contentOf(model: SiteModel): LoadedContent {
  return model.content ?? { pages: [], models: [], photos: {} };
}

/** The processed image for a content source, when it could be used. */
export function contentPhoto(model: SiteModel, source: string | undefined): (Photo & { ok: true }) | undefined {
  if (!source) return undefined;
  const p = contentOf(model).photos[source];
  return p?.ok ? p : undefined;
}

export interface Page extends ContentPage {
  /** false: the built-in default copy. */
  custom: boolean;
}

/** A standard page: the dealer's markdown, or the default copy. */
export function standardPage(model: SiteModel, slug: StandardPage): Page {
  const own = contentOf(model).pages.find((p) => p.slug === slug);
  if (own) return { ...own, custom: true };
  const d = defaultPage(slug, model.tenant);
  return { slug, title: d.title, description: d.description, body: d.body, custom: false };
}

/** Pages from content/pages/ that are not standard pages (group pages such as /twg-cars). */
export function extraPages(model: SiteModel, reserved: ReadonlySet<string>): Page[] {
  const standard = new Set<string>(STANDARD_PAGES);
  return contentOf(model)
    .pages.filter((p) => !standard.has(p.slug) && !reserved.has(p.slug))
    .map((p) => ({ ...p, custom: true }));
}

/** Offers not yet expired on the build date, in file order. */
export function activeOffers(model: SiteModel): Offer[] {
  const today = buildDate(model);
  return (contentOf(model).offers ?? []).filter((o) => !o.expires || o.expires > today);
}

/** An offer's manufacturer segment for /offers/{manufacturer}/{id}, when it names one. */
export function offerManufacturerSlug(offer: Offer): string | undefined {
  return offer.manufacturer
    ? offer.manufacturer
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
    : undefined;
}

/** The canonical path of an offer: /offers/{manufacturer}/{id}, or /offers/{id} without a manufacturer. */
export function offerPath(offer: Offer): string {
  const m = offerManufacturerSlug(offer);
  return m ? `/offers/${m}/${offer.id}` : `/offers/${offer.id}`;
}

/** Home slides; without content/slides.json one text slide inviting visitors to the stock. */
export function homeSlides(model: SiteModel): Slide[] {
  const own = contentOf(model).slides;
  if (own && own.length > 0) return own;
  return [
    {
      name: model.tenant.name,
      description: 'Browse our new, demo and used vehicles, updated every day.',
      url: allStockLink(),
      hide_overlay: false,
    },
  ];
}

/** Why choose us items; four general ones without content/features.json. */
export function whyChooseUs(model: SiteModel): Feature[] {
  const own = contentOf(model).features;
  if (own) return own;
  return [
    { title: 'Quality vehicles', description: 'Every vehicle is inspected and prepared before it is offered for sale.' },
    { title: 'Finance made simple', description: 'Finance for personal and business buyers, arranged while you choose your car.' },
    { title: 'Trade-ins welcome', description: 'Bring your current vehicle and we will value it while you test drive.' },
    { title: 'Service you can trust', description: 'Servicing and genuine parts from a team that knows your vehicle.' },
  ];
}

/** The three-item feature banner of the spec (home and vehicle pages). */
export const FEATURE_BANNER = [
  { title: 'Latest Offers', description: 'See this month’s deals on new and used vehicles.', href: '/special-offers', icon: 'tag' },
  { title: 'Book Service Online', description: 'Pick a time that suits you, in a few clicks.', href: '/service', icon: 'wrench' },
  { title: 'Sell Your Car', description: 'Get a fair price for your current vehicle.', href: '/sell-your-car', icon: 'car' },
] as const;

export interface ReviewSummary {
  average: number;
  count: number | undefined;
  reviews: Review[];
  source?: string | undefined;
  url?: string | undefined;
}

/** The spec's googleReviewsFullQuantity: at most 12 reviews are listed. */
export const REVIEWS_SHOWN = 12;

/**
 * The dealer's reviews as shown, or undefined when the display rule hides them: from
 * content/reviews.json, else the dealerships' ratings weighted by their review counts.
 */
export function reviewSummary(model: SiteModel): ReviewSummary | undefined {
  const t = model.tenant;
  const opts = { minRating: t.reviews.min_rating, hidden: t.features.hide_reviews };
  const own = contentOf(model).reviews;
  if (own) {
    const listed = [...own.reviews].sort((a, b) => (a.review_date < b.review_date ? 1 : -1));
    const fromList = listed.length ? listed.reduce((s, r) => s + r.rating, 0) / listed.length : undefined;
    const agg = { average_rating: own.average_rating ?? fromList, count: own.count ?? (listed.length || undefined) };
    const average = averageRating(agg);
    if (average === undefined || !showReviews(agg, opts)) return undefined;
    return { average, count: agg.count, reviews: listedReviews(listed, t.reviews.hidden).slice(0, REVIEWS_SHOWN), source: own.source, url: own.url };
  }
  const rated = t.dealerships.filter((d) => d.average_rating !== undefined);
  if (rated.length === 0) return undefined;
  const count = rated.reduce((s, d) => s + (d.review_count ?? 0), 0);
  const average = count > 0 ? rated.reduce((s, d) => s + (d.average_rating ?? 0) * (d.review_count ?? 0), 0) / count : (rated[0]?.average_rating ?? 0);
  const agg = { average_rating: average, count: count || undefined };
  return showReviews(agg, opts) ? { average, count: agg.count, reviews: [] } : undefined;
}

/** The popup, when the tenant switches it on, has one, and it has not expired by the build date. */
export function activePopup(model: SiteModel): Popup | undefined {
  const popup = contentOf(model).popup;
  if (!popup || !model.tenant.features.promo_popup) return undefined;
  if (popup.expires && popup.expires.slice(0, 10) < buildDate(model)) return undefined;
  return popup;
}

/** The promotions slider's banners not expired by the build date (a date shows through that whole day, as the popup). */
export function activePromotions(model: SiteModel): Promotion[] {
  const today = buildDate(model);
  return (contentOf(model).promotions ?? []).filter((p) => !p.expires || p.expires.slice(0, 10) >= today);
}

/** Caches a derivation per site model: the header calls some of these on every page. */
export function perModel<T>(fn: (model: SiteModel) => T): (model: SiteModel) => T {
  const cache = new WeakMap<SiteModel, T>();
  return (model) => {
    if (!cache.has(model)) cache.set(model, fn(model));
    return cache.get(model) as T;
  };
}
