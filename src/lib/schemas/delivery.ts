import * as v from 'valibot';

/** A postcode range such as "2000-2234" or a single postcode "4000". */
const PostcodeRange = v.pipe(v.string(), v.regex(/^\d{4}(?:-\d{4})?$/, 'a postcode or a range like 2000-2234'));

export const DeliveryZoneSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  price: v.pipe(v.number(), v.minValue(0)),
  postcodes: v.pipe(v.array(PostcodeRange), v.minLength(1, 'at least one postcode or range')),
});
export const DeliveryZonesSchema = v.optional(v.array(DeliveryZoneSchema), []);
export type DeliveryZone = v.InferOutput<typeof DeliveryZoneSchema>;
