import * as v from 'valibot';
import { HttpUrl, OptionalText, SlugSchema } from './common.ts';

/** Opening hour entry: weekday 0 = Sunday ... 6 = Saturday; times as HH:MM (24 h). */
export const OpeningHourSchema = v.strictObject({
  weekday: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  status: v.optional(v.picklist(['Open', 'Closed']), 'Open'),
  open: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}:\d{2}$/, 'a time like 08:30'))),
  close: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}:\d{2}$/, 'a time like 17:30'))),
  formated_hours: OptionalText,
});
export type OpeningHour = v.InferOutput<typeof OpeningHourSchema>;

/** Special (holiday) hours: a date and either start/end hours or a nested hours object. */
export const SpecialHoursSchema = v.strictObject({
  date: v.pipe(v.string(), v.isoDate('a date like 2026-12-25')),
  status: v.optional(v.picklist(['Open', 'Closed']), 'Closed'),
  name: OptionalText,
  start_hour: OptionalText,
  end_hour: OptionalText,
  hours: v.optional(v.strictObject({ begin: v.string(), end: v.string() })),
});
export type SpecialHours = v.InferOutput<typeof SpecialHoursSchema>;

export const AddressSchema = v.strictObject({
  street: OptionalText,
  city: OptionalText,
  state: OptionalText,
  postcode: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/, 'a 4-digit postcode'))),
  lat: v.optional(v.number()),
  long: v.optional(v.number()),
  place_url: v.optional(HttpUrl),
  place_id: OptionalText,
});

export const LocationSchema = v.strictObject({
  id: v.optional(v.union([v.number(), v.string()])),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'a location name')),
  slug: v.optional(SlugSchema),
  primary: v.optional(v.boolean(), false),
  visible: v.optional(v.boolean(), true),
  /** Empty means sales. */
  location_type: v.optional(v.picklist(['', 'sales', 'used', 'service', 'parts']), ''),
  location_subtype: OptionalText,
  manufacturers: v.optional(v.array(v.string()), []),
  dealership_id: v.optional(v.union([v.number(), v.string()])),
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
  image: v.optional(v.strictObject({ url: v.string(), thumb_url: OptionalText })),
  website_url: v.optional(HttpUrl),
  average_rating: v.optional(v.number()),
  review_count: v.optional(v.number()),
  distribution_locations: v.optional(v.array(v.string()), []),
});
export type LocationInput = v.InferInput<typeof LocationSchema>;
export type LocationConfig = v.InferOutput<typeof LocationSchema>;
