import * as v from 'valibot';

const off = v.optional(v.boolean(), false);

/** Feature switches. Every one defaults to off, as in the spec. */
export const FeaturesSchema = v.optional(
  v.strictObject({
    favourites: off,
    compare: off,
    watchlist: off,
    reserve_online: off,
    /** Use /cars/{slug}/buy-online instead of /cars/{slug}/checkout. */
    buy_online_path: off,
    fuel_tags: off,
    certified_badge: off,
    show_view_count: off,
    phone_filtering_by_car_type: off,
    phone_unmasked: off,
    unregistered_text: off,
    closed_by_appointment: off,
    message_optional: off,
    terms_checkbox: off,
    finance_quote: off,
    delivery_calculator: off,
    fuel_calculator: off,
    price_gauge: off,
    sticky_bars: off,
    promo_popup: off,
    hide_reviews: off,
  }),
  {},
);
export type Features = v.InferOutput<typeof FeaturesSchema>;

export const PluginsSchema = v.optional(v.strictObject({ autogauge: off, car_analysis: off, ppsr_report: off }), {});
