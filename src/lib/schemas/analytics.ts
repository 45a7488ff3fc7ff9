import * as v from 'valibot';
import { GTM_ID, PIXEL_ID } from '../analytics/tags.ts';

/** tenant.json `analytics`: the tag manager and pixel ids (loaded on first interaction, src/lib/analytics/tags.ts). */
export const AnalyticsSchema = v.optional(
  v.strictObject({
    gtm_id: v.optional(v.pipe(v.string(), v.trim(), v.regex(GTM_ID, 'a Google Tag Manager container id like GTM-ABC1234'))),
    pixel_id: v.optional(v.pipe(v.string(), v.trim(), v.regex(PIXEL_ID, 'a Meta pixel id of 6 to 20 digits'))),
  }),
  {},
);
export type AnalyticsConfig = v.InferOutput<typeof AnalyticsSchema>;
