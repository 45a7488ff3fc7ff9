import * as v from 'valibot';

/** How one value is read from a source column. */
export const TRANSFORMS = [
  'text',
  'number',
  'integer',
  /** "$31,990" -> 31990; "POA", "" and "Call" -> no price. */
  'money',
  'boolean',
  'lowercase',
  /** A date or date-time -> unix seconds. */
  'timestamp',
  /** A date or date-time -> ISO string. */
  'date',
  /** "a|b|c" -> ["a","b","c"] (separator configurable). */
  'list',
  /** A list of photo URLs or paths -> [{ image: { url } }]. */
  'images',
  /** "Caringbah, NSW" -> "Caringbah". */
  'city',
  /** "Caringbah, NSW" -> "NSW". */
  'state',
] as const;
export type TransformName = (typeof TRANSFORMS)[number];

export const FieldMappingSchema = v.union([
  v.pipe(v.string(), v.minLength(1)),
  v.strictObject({
    from: v.pipe(v.string(), v.minLength(1)),
    transform: v.optional(v.picklist(TRANSFORMS)),
    /** Value lookup applied first, keys compared case-insensitively: { "USED": "used" }. */
    values: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
    separator: v.optional(v.string(), '|'),
    default: v.optional(v.union([v.string(), v.number(), v.boolean(), v.null()])),
  }),
]);
export type FieldMapping = v.InferOutput<typeof FieldMappingSchema>;

/** Where the stock export is and how its columns map to the spec's Car fields. */
export const StockSourceSchema = v.optional(
  v.strictObject({
    /** Path relative to the tenant folder; default stock.json, else stock.csv. */
    file: v.optional(v.string()),
    /** Target Car field -> source column (or a mapping object). */
    mapping: v.optional(v.record(v.string(), FieldMappingSchema), {}),
    /** Also keep source columns already named like Car fields. */
    keep_unmapped: v.optional(v.boolean(), true),
  }),
  {},
);
export type StockSource = v.InferOutput<typeof StockSourceSchema>;
