import * as v from 'valibot';
import { HttpUrl, OptionalText } from './common.ts';

/** Search settings. With `host` set the site uses Meilisearch; otherwise the embedded static index. */
export const SearchSchema = v.optional(
  v.strictObject({
    host: v.optional(HttpUrl),
    index_name: v.optional(v.string(), 'Car_production'),
    /** Search-only key or tenant token; the admin key is read from the environment, never from here. */
    search_key: OptionalText,
    hits_per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 21),
    /** Shown in place of a count above 1999; falls back to the sum of facet counts. */
    stock_count: v.optional(v.number()),
    results_per_row: v.optional(v.picklist([3, 4]), 3),
    promo_positions: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), []),
    scroll_to_top: v.optional(v.boolean(), false),
    price_ascending_excludes_zero: v.optional(v.boolean(), false),
    certified_only: v.optional(v.boolean(), false),
    show_facet_max: v.optional(v.boolean(), false),
    popular_makes: v.optional(v.array(v.string()), []),
  }),
  {},
);
export type SearchSettings = v.InferOutput<typeof SearchSchema>;
