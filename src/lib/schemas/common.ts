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

export const HttpUrl = v.pipe(v.string(), v.url('an absolute URL such as https://example.com.au'));

/** Australian state or territory codes, upper case. */
export const StateCode = v.picklist(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']);
export type StateCode = v.InferOutput<typeof StateCode>;
