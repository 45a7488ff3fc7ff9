import * as v from 'valibot';

/** Home page sections a dealer can switch off, and how much stock it features. */
export const HomeSchema = v.optional(
  v.strictObject({
    featured_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24)), 6),
    sales_counter: v.optional(v.boolean(), true),
    why_choose_us: v.optional(v.boolean(), true),
  }),
  {},
);
export type HomeSettings = v.InferOutput<typeof HomeSchema>;
