import * as v from 'valibot';

/**
 * tenant.json `feeds`: the marketplace feeds every build writes (docs/feeds.md). Both are written by
 * default: a feed nobody fetches costs nothing, and a dealer can register its URL in Merchant Center or
 * Commerce Manager without a rebuild. They are named in robots.txt and sitemap.xml only when the tenant
 * opts in with `list_in_robots`.
 */
export const FeedsSchema = v.optional(
  v.strictObject({
    google: v.optional(v.boolean(), true),
    meta: v.optional(v.boolean(), true),
    list_in_robots: v.optional(v.boolean(), false),
  }),
  {},
);
export type FeedsConfig = v.InferOutput<typeof FeedsSchema>;
