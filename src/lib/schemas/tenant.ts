import { isTimeZone } from './time-zone.ts';
import * as v from 'valibot';
import { LooseId, LooseNumber } from './absent.ts';
import { AlertsSchema } from './alerts.ts';
import { AnalyticsSchema } from './analytics.ts';
import { HttpUrl, OptionalText, SlugSchema, WebhookUrl } from './common.ts';
import { DeliveryZonesSchema } from './delivery.ts';
import { FeaturesSchema, PluginsSchema } from './features.ts';
import { FeedsSchema } from './feeds.ts';
import { FinanceSchema } from './finance.ts';
import { HomeSchema } from './home.ts';
import { LocationSchema } from './location.ts';
import { NavigationSchema } from './navigation.ts';
import { SearchSchema } from './search.ts';
import { StockSourceSchema } from './stock-source.ts';
import { TextsSchema } from './texts.ts';
import { ThemeSchema } from './theme.ts';

const DealershipSchema = v.strictObject({
  id: LooseId,
  slug: SlugSchema,
  name: v.string(),
  make: OptionalText,
  url: v.optional(HttpUrl),
  logo_url: OptionalText,
  average_rating: v.optional(LooseNumber),
  review_count: v.optional(LooseNumber),
  /** This dealership's recent-sold window in days; absent: listing.recent_sold_days. */
  recent_sold_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365))),
});

const ratio = (fallback: number) => v.optional(v.pipe(LooseNumber, v.minValue(0, 'a ratio from 0 to 1'), v.maxValue(1, 'a ratio from 0 to 1')), fallback);

/**
 * The publish guard's thresholds (scripts/lib/publish-guard.ts): a build that lists fewer than
 * min_listed_ratio of the cars the published site lists, or rejects more than max_rejected_ratio of the
 * records it read, is held and the published site kept.
 */
export const PublishSchema = v.optional(
  v.strictObject({
    min_listed_ratio: ratio(0.5),
    max_rejected_ratio: ratio(0.2),
  }),
  {},
);

const positiveDays = (fallback: number) => v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365)), fallback);

/**
 * The whole tenant.json. Only slug, name, url and locations are required; everything else has the
 * default documented in docs/tenant-config.md. A key the schema does not know is a warning with a
 * did-you-mean (src/lib/schemas/unknown-fields.ts), not an error; a known key with a bad value is.
 */
export const TenantConfigSchema = v.strictObject({
  $schema: v.optional(v.string()),
  slug: SlugSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'the dealer name')),
  url: HttpUrl,
  /** Extra origins allowed for the request-time functions (e.g. staging). */
  alternate_urls: v.optional(v.array(HttpUrl), []),
  logo: v.optional(v.strictObject({ url: v.string(), alt: OptionalText, width: v.optional(v.number()), height: v.optional(v.number()) })),
  tagline: OptionalText,
  /** The dealer's IANA time zone (Australia/Perth); default: its primary location's state's (src/lib/rules/tenant-clock.ts). */
  time_zone: v.optional(v.pipe(v.string(), v.check(isTimeZone, 'an IANA time zone such as Australia/Perth'))),
  theme: ThemeSchema,
  manufacturer: OptionalText,
  dealerships: v.optional(v.array(DealershipSchema), []),
  locations: v.pipe(v.array(LocationSchema), v.minLength(1, 'at least one location')),
  plugins: PluginsSchema,
  contact: v.optional(
    v.strictObject({
      new_phone: OptionalText,
      used_phone: OptionalText,
      call_us_override: OptionalText,
      email: OptionalText,
    }),
    {},
  ),
  search: SearchSchema,
  finance: FinanceSchema,
  delivery_zones: DeliveryZonesSchema,
  vdp_config: v.optional(
    v.strictObject({
      show_map_section: v.optional(v.boolean(), false),
      default_media_view: v.optional(v.picklist(['spinner', 'gallery']), 'spinner'),
      video_placement: v.optional(v.picklist(['start', 'second', 'middle', 'end']), 'second'),
      /** One dealership's rule: coming-soon cars lose the test drive button. */
      coming_soon_no_test_drive: v.optional(v.boolean(), false),
      /** Some brands' Share: copies the page address and shows a toast for 3 seconds (no share menu). */
      share_copies_link: v.optional(v.boolean(), false),
      /** The finance page the vehicle page's finance links open: /finance, or /finance-enquiry (one site variant). */
      finance_path: v.optional(v.picklist(['/finance', '/finance-enquiry']), '/finance'),
      /** Dealerships (slugs) whose cars' finance links open /apply-for-finance. */
      apply_for_finance_dealerships: v.optional(v.array(SlugSchema), []),
    }),
    {},
  ),
  features: FeaturesSchema,
  texts: TextsSchema,
  listing: v.optional(
    v.strictObject({
      recent_sold_days: positiveDays(3),
      just_arrived_days: positiveDays(8),
    }),
    {},
  ),
  images: v.optional(
    v.strictObject({
      width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(160), v.maxValue(2400)), 640),
      quality: v.optional(v.pipe(v.number(), v.integer(), v.minValue(30), v.maxValue(100)), 75),
    }),
    {},
  ),
  stock: StockSourceSchema,
  publish: PublishSchema,
  alerts: AlertsSchema,
  leads: v.optional(
    v.strictObject({
      email: OptionalText,
      webhook_url: v.optional(WebhookUrl),
    }),
    {},
  ),
  gating: v.optional(
    v.strictObject({
      checkout: v.optional(v.boolean(), false),
      finance: v.optional(v.boolean(), false),
      // /cars/trade-in?car_id is in the spec's list of gated routes: on unless a tenant switches it off.
      trade_in: v.optional(v.boolean(), true),
      spin_to_win: v.optional(v.boolean(), false),
      // The tenant-named garage page (/mymotorama, /mybigboxcars, ...), always gated like /my-garage.
      garage_path: v.optional(v.pipe(v.string(), v.regex(/^\/my[a-z0-9-]+$/, 'expected a path like /mymotorama'))),
    }),
    {},
  ),
  // The spec's service booking list: a dealership's (and make's) external booking page; /service otherwise.
  service_bookings: v.optional(
    v.array(
      v.strictObject({
        dealership: SlugSchema,
        make: OptionalText,
        url: HttpUrl,
      }),
    ),
    [],
  ),
  // The contact form's "Enquiry type" select (the lead's category); fewer than two entries hides it.
  enquiry_types: v.optional(v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'an enquiry type'), v.maxLength(100, 'at most 100 characters'))), [
    'General Enquiry',
    'Sales Enquiry',
    'Service Enquiry',
    'Parts Enquiry',
    'Finance Enquiry',
  ]),
  reserve: v.optional(
    v.strictObject({
      deposit: v.optional(v.number()),
      label: OptionalText,
    }),
    {},
  ),
  reviews: v.optional(
    v.strictObject({
      min_rating: v.optional(v.number(), 4),
      // The spec's "hidden reviews list" (two entries there): ids of reviews in content/reviews.json never listed.
      hidden: v.optional(v.array(LooseId), []),
    }),
    {},
  ),
  stats: v.optional(
    v.strictObject({
      locations: v.optional(v.string(), '50+'),
      brands: v.optional(v.string(), '40+'),
      years: v.optional(v.string(), '30+'),
    }),
    {},
  ),
  analytics: AnalyticsSchema,
  feeds: FeedsSchema,
  navigation: NavigationSchema,
  home: HomeSchema,
});

export type TenantConfigInput = v.InferInput<typeof TenantConfigSchema>;
export type TenantConfig = v.InferOutput<typeof TenantConfigSchema>;
