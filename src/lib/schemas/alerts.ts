import * as v from 'valibot';
import { WebhookUrl } from './common.ts';

/** One e-mail address (the alerts go to people, so a plain address, no display name). */
const EmailAddress = v.pipe(v.string(), v.trim(), v.email('an e-mail address such as ops@dealer.example.com.au'));

/**
 * Who hears about the nightly build of this dealer (scripts/lib/fleet/alerts.ts, docs/nightly.md): an
 * alert when its stock was not published (held or failed), again every `repeat_after_nights` nights
 * while it stays so, and when it is published again. Without an address or webhook, only the
 * platform's ops digest mentions it.
 */
export const AlertsSchema = v.optional(
  v.strictObject({
    email: v.optional(v.union([EmailAddress, v.pipe(v.array(EmailAddress), v.maxLength(10, 'at most 10 addresses'))])),
    webhook_url: v.optional(WebhookUrl),
    repeat_after_nights: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(60)), 3),
  }),
  {},
);
export type AlertsConfig = v.InferOutput<typeof AlertsSchema>;
