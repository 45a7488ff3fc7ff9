import * as v from 'valibot';

/** Display texts a dealer may rename; defaults are the spec's. */
export const TextsSchema = v.optional(
  v.strictObject({
    no_price: v.optional(v.string(), 'Enquire for price.'),
    new_arrival: v.optional(v.string(), 'New Arrival'),
    contact_link: v.optional(v.string(), 'Contact Us'),
    call: v.optional(v.string(), 'Call the dealer'),
    sold_tag: v.optional(v.string(), 'JUST SOLD'),
    coming_soon_tag: v.optional(v.string(), 'COMING SOON'),
  }),
  {},
);
export type Texts = v.InferOutput<typeof TextsSchema>;
