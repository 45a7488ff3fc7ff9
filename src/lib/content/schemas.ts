/**
 * Schemas of the files under tenants/<slug>/content/ (documented in docs/content.md). Images are
 * paths relative to the tenant folder (content/images/x.jpg) or http(s) URLs; the build turns them
 * into responsive WebP variants. Unknown fields are errors, as in tenant.json, to catch typos.
 */
import * as v from 'valibot';
import { OptionalText, SlugSchema } from '../schemas/common.ts';

const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'some text'));
/** A site path (/finance) or an absolute http(s) URL. */
const Link = v.pipe(v.string(), v.trim(), v.regex(/^(?:\/|https?:\/\/)/, 'a path starting with / or an http(s) URL'));
const ImageRef = v.pipe(v.string(), v.trim(), v.minLength(1, 'an image path or URL'));
const IsoDate = v.pipe(v.string(), v.isoDate('a date like 2026-12-31'));
/** A date, or a date and time with a zone (2026-12-31T17:00:00+10:00). */
const DateOrTime = v.union(
  [v.pipe(v.string(), v.isoDate()), v.pipe(v.string(), v.isoTimestamp())],
  'a date like 2026-12-31 or a time like 2026-12-31T17:00:00+10:00',
);

/** Front matter of content/pages/<slug>.md. */
export const PageFrontMatterSchema = v.strictObject({
  title: Text,
  description: OptionalText,
  image: v.optional(ImageRef),
  image_alt: OptionalText,
});
export type PageFrontMatter = v.InferOutput<typeof PageFrontMatterSchema>;

/** Front matter of content/models/<slug>.md. */
export const ModelFrontMatterSchema = v.strictObject({
  make: Text,
  model: Text,
  title: OptionalText,
  description: OptionalText,
  /** Short text for the Vehicles menu and cards (the spec's model short_description). */
  short_description: OptionalText,
  image: v.optional(ImageRef),
  image_alt: OptionalText,
});
export type ModelFrontMatter = v.InferOutput<typeof ModelFrontMatterSchema>;

export const SlideSchema = v.strictObject({
  id: v.optional(v.union([v.number(), v.string()])),
  name: Text,
  description: OptionalText,
  url: v.optional(Link, '/'),
  hide_overlay: v.optional(v.boolean(), false),
  image: v.optional(ImageRef),
  image_alt: OptionalText,
});
export const SlidesSchema = v.array(SlideSchema);
export type Slide = v.InferOutput<typeof SlideSchema>;

export const OfferSchema = v.strictObject({
  id: SlugSchema,
  name: Text,
  description: Text,
  disclaimer: OptionalText,
  image: v.optional(ImageRef),
  image_alt: OptionalText,
  /** The make the offer is for; gives the /offers/{manufacturer}/{id} path. */
  manufacturer: OptionalText,
  model: v.optional(v.strictObject({ name: Text, slug: v.optional(SlugSchema) })),
  /** Hidden from this date on (the build leaves it out). */
  expires: v.optional(IsoDate),
  /** The offer's category in the offers search (the spec's `categories` filter): Finance, Servicing, ... */
  category: OptionalText,
  /** The advertised price in dollars (the offers search's price filter). */
  price: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export const OffersSchema = v.array(OfferSchema);
export type Offer = v.InferOutput<typeof OfferSchema>;

/**
 * A promo or call-to-action card between search results (content/search-promos.json; the spec's promo
 * node: start, expiry, position, display, strictDisplay). What the spec leaves unsaid is ours, in
 * docs/content.md: dates are Australian days (shown from `start` through `expires`), `position` pins
 * the card to that 0-based place in each results page, `display` names the car types whose searches
 * show it, and `strict_display` keeps it off the unfiltered search.
 */
export const SearchPromoSchema = v.strictObject({
  title: Text,
  text: Text,
  href: Link,
  cta: Text,
  start: v.optional(IsoDate),
  expires: v.optional(IsoDate),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(200))),
  display: v.optional(v.array(v.picklist(['new', 'used', 'demo'], 'new, used or demo'))),
  strict_display: v.optional(v.boolean()),
});
export const SearchPromosSchema = v.array(SearchPromoSchema);
export type SearchPromo = v.InferOutput<typeof SearchPromoSchema>;

/** One part or accessory in content/parts.json (the /parts/search list). */
export const PartSchema = v.strictObject({
  id: SlugSchema,
  name: Text,
  part_number: OptionalText,
  category: OptionalText,
  make: OptionalText,
  price: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  description: OptionalText,
});
export const PartsSchema = v.array(PartSchema);
export type Part = v.InferOutput<typeof PartSchema>;

export const ReviewSchema = v.strictObject({
  id: v.optional(v.union([v.number(), v.string()])),
  customer_name: Text,
  text: Text,
  rating: v.pipe(v.number(), v.minValue(1), v.maxValue(5)),
  review_date: IsoDate,
  reply_text: OptionalText,
  reply_date: v.optional(IsoDate),
  image: v.optional(ImageRef),
});
export type Review = v.InferOutput<typeof ReviewSchema>;

export const ReviewsSchema = v.strictObject({
  /** The aggregate; a string ("4.7") is accepted as the spec's feed sends it. */
  average_rating: v.optional(v.union([v.pipe(v.number(), v.minValue(0), v.maxValue(5)), v.pipe(v.string(), v.regex(/^\d(?:\.\d+)?$/, 'a rating like 4.7'))])),
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  source: OptionalText,
  url: v.optional(Link),
  reviews: v.optional(v.array(ReviewSchema), []),
});
export type Reviews = v.InferOutput<typeof ReviewsSchema>;

/** A Why choose us item. */
export const FeatureSchema = v.strictObject({
  title: Text,
  description: Text,
  image: v.optional(ImageRef),
});
export const FeaturesListSchema = v.array(FeatureSchema);
export type Feature = v.InferOutput<typeof FeatureSchema>;

export const BlogCardSchema = v.strictObject({
  href: Link,
  heading: Text,
  description: Text,
  date: IsoDate,
  image: v.optional(ImageRef),
});
export const BlogSchema = v.array(BlogCardSchema);
export type BlogCard = v.InferOutput<typeof BlogCardSchema>;

const GroupBrandSchema = v.strictObject({
  name: Text,
  slug: v.optional(SlugSchema),
  description: OptionalText,
  url: v.optional(Link),
  logo: v.optional(ImageRef),
});
export type GroupBrand = v.InferOutput<typeof GroupBrandSchema>;

/** Brand lists for /brands; each list replaces the one derived from stock. Makes by name. */
export const BrandsSchema = v.strictObject({
  car: v.optional(v.array(Text)),
  motorcycle: v.optional(v.array(Text)),
  truck: v.optional(v.array(Text)),
  group: v.optional(v.array(GroupBrandSchema)),
});
export type BrandLists = v.InferOutput<typeof BrandsSchema>;

export const PopupSchema = v.strictObject({
  title: Text,
  description: OptionalText,
  image: v.optional(ImageRef),
  image_alt: OptionalText,
  button: v.optional(v.strictObject({ label: Text, url: Link })),
  /** Hidden after this date (a date shows through that whole day in the tenant's time zone) or time. */
  expires: v.optional(DateOrTime),
});
export type Popup = v.InferOutput<typeof PopupSchema>;

/**
 * A promotions slider banner (the spec's 540 px by 1920 px slider, shown with the popup): a
 * 1920 x 540 picture, its alt text and where it leads; hidden after `expires`, like the popup.
 */
export const PromotionSchema = v.strictObject({
  id: v.optional(v.union([v.number(), v.string()])),
  title: Text,
  image: ImageRef,
  image_alt: OptionalText,
  url: v.optional(Link),
  expires: v.optional(DateOrTime),
});
export type Promotion = v.InferOutput<typeof PromotionSchema>;
