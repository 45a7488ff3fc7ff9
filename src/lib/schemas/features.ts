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
    /** Online trade-in estimates for cars up to 10 years old instead of 7 (the spec's one variant). */
    trade_in_ten_years: off,
    /** Money quick picks of $300,000 to $800,000 instead of $5,000 to $70,000 (the spec's one dealership group). */
    high_money_quick_picks: off,
  }),
  {},
);
export type Features = v.InferOutput<typeof FeaturesSchema>;

export const PluginsSchema = v.optional(v.strictObject({ autogauge: off, car_analysis: off, ppsr_report: off }), {});
