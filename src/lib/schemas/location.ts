import * as v from 'valibot';
import { LooseBoolean, LooseId, LooseNumber } from './absent.ts';
import { HttpUrl, OptionalText, SlugSchema } from './common.ts';

/** Weekday as 0-6, also written "1"; a time as "8:30" or "08:30". */
const Weekday = v.pipe(
  LooseNumber,
  v.integer('a weekday 0 (Sunday) to 6'),
  v.minValue(0, 'a weekday 0 (Sunday) to 6'),
  v.maxValue(6, 'a weekday 0 (Sunday) to 6'),
);
/** Open/Closed in any case ("open", "CLOSED"). */
const OpenClosed = v.pipe(
  v.string(),
  v.trim(),
  v.transform((s) => (s.toLowerCase() === 'open' ? 'Open' : s.toLowerCase() === 'closed' ? 'Closed' : s)),
  v.picklist(['Open', 'Closed'], 'Open or Closed'),
);
/** A 4-digit postcode; exports that store it as a number drop the leading zero (800 is 0800). */
const Postcode = v.pipe(
  v.union([v.string(), v.number()], 'a 4-digit postcode'),
  v.transform((x) => (typeof x === 'number' ? String(x).padStart(4, '0') : x.trim())),
  v.regex(/^\d{4}$/, 'a 4-digit postcode'),
);

/** Opening hour entry: weekday 0 = Sunday ... 6 = Saturday; times as HH:MM (24 h). */
export const OpeningHourSchema = v.strictObject({
  weekday: Weekday,
  status: v.optional(OpenClosed, 'Open'),
  open: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}:\d{2}$/, 'a time like 08:30'))),
  close: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}:\d{2}$/, 'a time like 17:30'))),
  formated_hours: OptionalText,
});
export type OpeningHour = v.InferOutput<typeof OpeningHourSchema>;

/** Special (holiday) hours: a date and either start/end hours or a nested hours object. */
export const SpecialHoursSchema = v.strictObject({
  date: v.pipe(v.string(), v.isoDate('a date like 2026-12-25')),
  status: v.optional(OpenClosed, 'Closed'),
  name: OptionalText,
  start_hour: OptionalText,
  end_hour: OptionalText,
  hours: v.optional(v.strictObject({ begin: v.string(), end: v.string() })),
});
export type SpecialHours = v.InferOutput<typeof SpecialHoursSchema>;

/** The spec's Location address: id, street, city, state, postcode, lat, long, place_url, place_id, map_key. */
export const AddressSchema = v.strictObject({
  id: v.optional(LooseId),
  street: OptionalText,
  city: OptionalText,
  state: OptionalText,
  postcode: v.optional(Postcode),
  lat: v.optional(LooseNumber),
  long: v.optional(LooseNumber),
  place_url: v.optional(HttpUrl),
  place_id: OptionalText,
  /** The map provider's key for this address as the dealer system stores it (not an API key of ours). */
  map_key: OptionalText,
});

/** The spec's Location entity. Every optional field may be null, blank or "N/A" (see schemas/absent.ts). */
export const LocationSchema = v.strictObject({
  id: v.optional(LooseId),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'a location name')),
  slug: v.optional(SlugSchema),
  primary: v.optional(LooseBoolean, false),
  visible: v.optional(LooseBoolean, true),
  /** Empty means sales. */
  location_type: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['', 'sales', 'used', 'service', 'parts'], 'one of sales, used, service, parts (empty means sales)'),
    ),
    '',
  ),
  location_subtype: OptionalText,
  manufacturers: v.optional(
    v.array(
      v.pipe(
        v.union([v.string(), v.looseObject({ name: v.string() })]),
        v.transform((m) => (typeof m === 'string' ? m : m.name).trim()),
      ),
    ),
    [],
  ),
  dealership_id: v.optional(LooseId),
  dealership_slug: v.optional(SlugSchema),
  dealer_license_number: OptionalText,
  motor_vehicle_repairer: OptionalText,
  address: v.optional(AddressSchema, {}),
  contact_detail: v.optional(
    v.strictObject({
      phone: OptionalText,
      landline_phone: OptionalText,
      email: OptionalText,
      opening_hours: v.optional(v.array(OpeningHourSchema), []),
    }),
    {},
  ),
  special_hours: v.optional(v.array(SpecialHoursSchema), []),
  // The spec's image is { image: { url, thumb: { url } } }; ours was { url, thumb_url }: both are read.
  image: v.optional(
    v.pipe(
      v.union([
        v.strictObject({ url: v.string(), thumb_url: OptionalText }),
        v.strictObject({
          image: v.strictObject({ url: v.string(), thumb: v.optional(v.strictObject({ url: OptionalText })), thumb_url: OptionalText }),
        }),
      ]),
      v.transform((i) => ('image' in i ? { url: i.image.url, thumb_url: i.image.thumb_url ?? i.image.thumb?.url } : i)),
    ),
  ),
  website_url: v.optional(HttpUrl),
  average_rating: v.optional(LooseNumber),
  review_count: v.optional(LooseNumber),
  /** The spec's reviews summary; average_rating and review_count are read from it when not given. */
  reviews: v.optional(v.strictObject({ count: v.optional(LooseNumber), average_rating: v.optional(LooseNumber) })),
  distribution_locations: v.optional(v.array(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), []),
});
export type LocationInput = v.InferInput<typeof LocationSchema>;
export type LocationConfig = v.InferOutput<typeof LocationSchema>;
