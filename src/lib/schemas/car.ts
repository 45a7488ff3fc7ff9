import * as v from 'valibot';
import { LooseBoolean, LooseId, withoutAbsent } from './absent.ts';

/**
 * One stock record, using the spec's Car field names exactly. Exports are messy: every optional field
 * may be null, blank or a placeholder ("N/A", "-", "TBA"; "POA" where it is money) and then it is
 * absent, never a reason to reject the record (withoutAbsent runs first). Scalar fields accept numbers
 * or numeric strings; text fields are trimmed. Unknown fields are kept (looseObject) so later features
 * can read them without a schema change.
 */

const text = v.optional(
  v.pipe(
    v.union([v.string(), v.number()], 'text'),
    v.transform((s) => String(s).trim()),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
);

/** Reads 31990, "31990", "$31,990" or "31,990.00"; empty means absent. */
const numeric = (what: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.union([v.number(), v.string()]),
        v.transform((x) => {
          if (typeof x === 'number') return x;
          const s = x.trim();
          // Dealers write "POA" or "Call" for no price; kms come as "12,000 km".
          if (s === '' || /^(poa|call|tba|enquire.*|-)$/i.test(s)) return null;
          return Number(s.replace(/[$,\s]|kms?$/gi, ''));
        }),
        v.check((n) => n === null || Number.isFinite(n), `${what} as a number`),
      ),
    ),
  );

/** yes/no, y/n, 1/0, true/false in any case; blank is absent (dropped before parsing), not false. */
const bool = v.optional(LooseBoolean);

const lowerPick = <T extends string>(options: readonly T[], what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.transform((s) => s.replace(/[\s-]+/g, '_')),
    v.picklist(options, `${what} (one of ${options.join(', ')})`),
  );

export const CAR_TYPES = ['new', 'used', 'demo'] as const;
export type CarType = (typeof CAR_TYPES)[number];
/** The statuses the spec names. */
export const CAR_STATUSES = ['in_stock', 'coming_soon', 'sold'] as const;
export type KnownCarStatus = (typeof CAR_STATUSES)[number];
/**
 * A car's status: one the spec names, or another an export sends (under_offer, on_hold, in_transit...),
 * kept as a lower-case word. The spec: in_stock and coming_soon are available; any other status, sold
 * for example, shows the SOLD panel (src/lib/rules/listing.ts). So another status is a car to show as
 * not available, not a record to reject.
 */
export type CarStatus = KnownCarStatus | (string & {});

/** "Under Offer", "under-offer", " UNDER_OFFER " -> "under_offer"; anything that is not a word of up to 40 letters, digits and _ is refused. */
const StatusSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.transform((s) => s.replace(/[\s-]+/g, '_')),
  v.regex(/^[a-z][a-z0-9_]{0,39}$/, `a status (a word such as ${CAR_STATUSES.join(', ')} or under_offer)`),
);

const ImageEntry = v.pipe(
  v.union([
    v.string(),
    v.looseObject({
      image: v.union([v.string(), v.looseObject({ url: v.string() })]),
    }),
    v.looseObject({ url: v.string() }),
  ]),
  v.transform((e) => {
    if (typeof e === 'string') return e.trim();
    if ('image' in e) {
      const image = e.image as string | { url: string };
      return (typeof image === 'string' ? image : image.url).trim();
    }
    return String(e.url).trim();
  }),
);

/** The car's own location block, as exports carry it (spec "Location (of a car)"); extra keys are kept. */
const LocationRef = v.looseObject({
  id: v.optional(LooseId),
  name: text,
  phone: text,
  slug: text,
  city: text,
  state: text,
  address: v.optional(v.union([v.string(), v.looseObject({})])),
});

/** A feature list entry: text, or an object naming it (name, title, description or value). */
const EquipmentEntry = v.pipe(
  v.union([v.string(), v.number(), v.looseObject({})]),
  v.transform((e) => {
    if (typeof e !== 'object') return String(e).trim();
    const o = e as Record<string, unknown>;
    const named = [o['name'], o['title'], o['description'], o['value']].find((x) => typeof x === 'string' || typeof x === 'number');
    return named === undefined ? '' : String(named).trim();
  }),
);

/** Unix seconds from seconds, milliseconds or an ISO date string. */
const timestamp = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform((x) => {
        if (typeof x === 'number') return x > 1e12 ? Math.round(x / 1000) : x;
        if (x.trim() === '') return null;
        if (/^\d+$/.test(x.trim())) {
          const n = Number(x);
          return n > 1e12 ? Math.round(n / 1000) : n;
        }
        const ms = Date.parse(x);
        return Number.isNaN(ms) ? Number.NaN : Math.round(ms / 1000);
      }),
      v.check((n) => n === null || Number.isFinite(n), 'a date or unix timestamp'),
    ),
  ),
);

const carEntries = {
  id: v.pipe(
    v.union([v.string(), v.number()], 'an id'),
    v.transform((x) => String(x).trim()),
    v.minLength(1, 'an id'),
  ),
  slug: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a URL slug'))),
  make: v.pipe(
    v.union([v.string(), v.number()], 'a make'),
    v.transform((x) => String(x).trim()),
    v.minLength(1, 'a make'),
  ),
  model: text,
  badge: text,
  series: text,
  name: text,
  year: v.optional(
    v.nullable(
      v.pipe(
        v.union([v.number(), v.string()]),
        v.transform((x) => (typeof x === 'number' ? x : x.trim() === '' ? null : /^\d{4}$/.test(x.trim()) ? Number(x) : Number.NaN)),
        v.check((n) => n === null || (Number.isInteger(n) && n >= 1900 && n <= 2100), 'a 4-digit year'),
      ),
    ),
  ),
  car_type: lowerPick(CAR_TYPES, 'a car type'),
  status: v.optional(StatusSchema, 'in_stock'),
  sold: bool,
  reserved: bool,
  preorder: bool,
  certified: bool,
  show_on_dealer_website: bool,
  tag: text,
  created_at: timestamp,
  sold_date_timestamp: timestamp,
  price: numeric('a price'),
  before_price: numeric('a was-price'),
  offer_price: numeric('an offer price'),
  subscription_price: numeric('a subscription price'),
  price_type: text,
  km: numeric('kilometres'),
  vin: text,
  nvic: text,
  stocknum: text,
  regplate: text,
  rego_expiry: text,
  build_date: text,
  compliance_date: text,
  colour: text,
  interior_colour: text,
  seats: numeric('seats'),
  doors: numeric('doors'),
  drive: text,
  fuel: text,
  body: text,
  trans: text,
  gearnum: numeric('gears'),
  engine_size: text,
  simple_body: text,
  simple_drive: text,
  simple_transmission: text,
  simple_fuel: text,
  images: v.optional(v.nullable(v.array(ImageEntry, 'a list of images')), []),
  primary_image_url: text,
  video_url: text,
  external_video_url: text,
  spin_images: v.optional(v.nullable(v.array(ImageEntry)), []),
  dealercomments: text,
  standardEquipment: v.optional(
    v.pipe(
      v.array(EquipmentEntry),
      v.transform((list) => list.filter(Boolean)),
    ),
  ),
  location: v.optional(v.nullable(LocationRef)),
  location_id: text,
  location_name: text,
  city: text,
  state: text,
  dealership_id: text,
  dealership_slug: text,
  item_type: text,
  file: text,
  views: numeric('views'),
  bodyconfiguration: text,
  has_nvic: bool,
  carsales_title: text,
  private_suburb: text,
  private_postcode: text,
  spin_interior_image: text,
  spin_code: text,
  custom_rank: numeric('a rank'),
};

/** Money fields: there "POA", "Call" and the like also mean "no value". */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(['price', 'before_price', 'offer_price', 'subscription_price']);

/**
 * Validates one record; absent values (null, blank, placeholders) are dropped first, and fields the
 * schema does not name are kept as they are (loose).
 */
export const CarRecordSchema = v.pipe(
  v.unknown(),
  v.transform((raw) => withoutAbsent(raw, { moneyKeys: MONEY_FIELDS })),
  v.looseObject(carEntries),
);
/** The typed view of a record: the named fields only (no index signature, so Omit<> works). */
export const CarFieldsSchema = v.object(carEntries);
export type CarRecordInput = v.InferInput<typeof CarFieldsSchema>;
export type CarRecord = v.InferOutput<typeof CarFieldsSchema>;
