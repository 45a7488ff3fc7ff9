import * as v from 'valibot';

/** A URL-safe slug: lower-case letters, digits and single hyphens. */
export const SlugSchema = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug of lower-case letters, digits and hyphens'));

/** An optional trimmed, non-empty string; empty strings count as absent. */
export const OptionalText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
);

/** Colour as CSS hex (#rgb or #rrggbb). */
export const HexColour = v.pipe(v.string(), v.regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'a hex colour like #0b5cab'));

/**
 * An absolute http(s) URL. `javascript:`, `data:`, `vbscript:` and every other scheme are refused:
 * these values become links on the site (website_url, place_url, ...).
 */
/** A URL's protocol (`https:`), or '' when it does not parse. */
const protocolOf = (s: string): string => (URL.canParse(s) ? new URL(s).protocol.toLowerCase() : '');

export const HttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('an absolute URL such as https://example.com.au'),
  v.check((s) => /^https?:$/.test(protocolOf(s)), 'an http:// or https:// address such as https://example.com.au'),
);

/** An absolute https URL (where the platform sends personal data or a key). */
export const HttpsUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('an absolute URL such as https://example.com.au'),
  v.check((s) => protocolOf(s) === 'https:', 'an https:// address'),
);

/**
 * Where leads are posted: https, or http to this machine (localhost, 127.0.0.1, [::1]) for a local
 * CRM in development; delivery refuses loopback unless DEV_ALLOW_LOOPBACK=1 (functions/lib/outbound.ts).
 */
export const WebhookUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('an absolute URL such as https://crm.example.com/leads'),
  v.check((s) => {
    if (!URL.canParse(s)) return false;
    const u = new URL(s);
    return u.protocol === 'https:' || (u.protocol === 'http:' && /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(u.hostname));
  }, 'an https:// address (plain http only to localhost in development)'),
);

/** Australian state or territory codes, upper case. */
export const StateCode = v.picklist(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']);
export type StateCode = v.InferOutput<typeof StateCode>;
