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
  /** HTML from a dealer system's description -> plain text with its line breaks ("<p>One owner</p>" -> "One owner"). */
  'html_text',
] as const;
export type TransformName = (typeof TRANSFORMS)[number];

export const FieldMappingSchema = v.union([
  v.pipe(v.string(), v.minLength(1)),
  v.strictObject({
    /** The source column, or several: their values are joined into one list (image[0].url, image[1].url, ...). */
    from: v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1))]),
    transform: v.optional(v.picklist(TRANSFORMS)),
    /** Value lookup applied first, keys compared case-insensitively: { "USED": "used" }. */
    values: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
    /** With values: what a value the lookup does not list becomes (default: the value as it is). */
    otherwise: v.optional(v.union([v.string(), v.number(), v.boolean(), v.null()])),
    separator: v.optional(v.string(), '|'),
    default: v.optional(v.union([v.string(), v.number(), v.boolean(), v.null()])),
    /** For `km`: the distance unit, `"km"` or `"mi"` (miles are converted to km), or the column that holds it (Meta's `mileage.unit`). A value's own suffix ("52,669 mi") wins. */
    unit: v.optional(v.pipe(v.string(), v.minLength(1))),
  }),
]);
export type FieldMapping = v.InferOutput<typeof FieldMappingSchema>;

/** The named mapping presets (src/lib/ingest/presets.ts). */
export const STOCK_PRESETS = ['google-vehicle-listings', 'meta-automotive', 'au-dms-csv'] as const;
export type StockPresetName = (typeof STOCK_PRESETS)[number];

/** How the export file is read; by default from its extension (.json, .csv, .tsv or .txt, .xml). */
export const STOCK_FORMATS = ['json', 'csv', 'tsv', 'xml'] as const;
export type StockFormat = (typeof STOCK_FORMATS)[number];

/** Where the stock export is and how its columns map to the spec's Car fields. */
export const StockSourceSchema = v.optional(
  v.strictObject({
    /** Path relative to the tenant folder; default stock.json, else stock.csv, stock.tsv, stock.xml. */
    file: v.optional(v.string()),
    /** A named mapping for a known feed shape; `mapping` entries override the preset's, field by field. */
    preset: v.optional(v.picklist(STOCK_PRESETS, `one of ${STOCK_PRESETS.join(', ')}`)),
    format: v.optional(v.picklist(STOCK_FORMATS, `one of ${STOCK_FORMATS.join(', ')}`)),
    /** Target Car field -> source column (or a mapping object). */
    mapping: v.optional(v.record(v.string(), FieldMappingSchema), {}),
    /** Also keep source columns already named like Car fields. */
    keep_unmapped: v.optional(v.boolean(), true),
  }),
  {},
);
export type StockSource = v.InferOutput<typeof StockSourceSchema>;
