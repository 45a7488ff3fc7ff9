/**
 * Google's vehicle listings feed (https://developers.google.com/vehicle-listings/reference/feed-specification),
 * tab-separated, with the exact attribute headers of that specification, plus the Australian
 * `vehicle_price_type` of Google's vehicle ads (https://support.google.com/merchants/answer/14592783),
 * which is required for Australian new and used cars. One row per car feedExclusion lets in
 * (available, priced, with a VIN, a passenger vehicle). Column by column: docs/feeds.md.
 */
import type { FeedColumn } from './columns.ts';
import { bodyKeys, isoDate, postalAddress, priceAud, type FeedCar } from './feed-car.ts';

export const GOOGLE_FEED_PATH = '/feeds/google-vehicle-listings.tsv';

/** Google allows up to 10 additional images (additional_image_link is repeated, comma-separated in a text feed). */
export const GOOGLE_ADDITIONAL_IMAGES = 10;

/** simple_body (search facet value) -> Google's body_style values (convertible, coupe, crossover, full size van, hatchback, minivan, sedan, station wagon, suv, truck). */
const BODY_STYLE: Readonly<Record<string, string>> = {
  suv: 'suv',
  '4x4': 'suv',
  hatch: 'hatchback',
  hatchback: 'hatchback',
  sedan: 'sedan',
  ute: 'truck',
  cabchassis: 'truck',
  van: 'full size van',
  peoplemover: 'minivan',
  wagon: 'station wagon',
  stationwagon: 'station wagon',
  coupe: 'coupe',
  convertible: 'convertible',
  roadster: 'convertible',
  softtop: 'convertible',
  hardtop: 'coupe',
};
export const GOOGLE_BODY_STYLES = [
  'convertible',
  'coupe',
  'crossover',
  'full size van',
  'hatchback',
  'minivan',
  'sedan',
  'station wagon',
  'suv',
  'truck',
] as const;

/** The site's price label -> Google's vehicle_price_type for Australia. */
export function googlePriceType(label: string | undefined): string | undefined {
  if (label === 'Drive away') return 'drive_away_price';
  if (label === 'Excluding government charges') return 'excluding_government_charges_price';
  return undefined;
}

/** new -> new; used and demo -> used (a demonstrator is registered and driven: Google has no third value). */
export function googleCondition(carType: string): 'new' | 'used' {
  return carType === 'new' ? 'new' : 'used';
}

const km = (f: FeedCar) => (f.car.km != null ? Math.round(f.car.km) : f.car.car_type === 'new' ? 0 : undefined);

export const GOOGLE_COLUMNS: readonly FeedColumn<FeedCar>[] = [
  { header: 'vin', need: 'required', format: 'text', source: '`vin`', value: (f) => f.car.vin?.trim() },
  { header: 'id', need: 'optional', format: 'id', source: '`id` (the id the site and model.json use)', value: (f) => f.car.id },
  {
    header: 'store_code',
    need: 'required',
    format: 'id',
    source: "the car's location id (`locations[].id`), else the primary location's",
    value: (f) => f.location?.id,
  },
  {
    header: 'dealership_name',
    need: 'required',
    format: 'text',
    source: "the car's location name (`locations[].name`)",
    value: (f) => f.location?.name,
  },
  {
    header: 'dealership_address',
    need: 'required',
    format: 'text',
    source: "the location's `address`: street, city state postcode, AU",
    value: (f) => postalAddress(f.location),
  },
  { header: 'image_link', need: 'recommended', format: 'https-url', source: 'the first processed photo, largest size, absolute', value: (f) => f.photos[0] },
  {
    header: 'additional_image_link',
    need: 'recommended',
    format: 'https-urls',
    source: `the next ${GOOGLE_ADDITIONAL_IMAGES} photos, comma-separated`,
    value: (f) => f.photos.slice(1, 1 + GOOGLE_ADDITIONAL_IMAGES).join(',') || undefined,
  },
  { header: 'link', need: 'recommended', format: 'https-url', source: 'the vehicle page, `/cars/{slug}`, absolute', value: (f) => f.url },
  {
    header: 'date_in_stock',
    need: 'optional',
    format: 'date',
    source: '`created_at` as a date (Australian Eastern time)',
    value: (f) => isoDate(f.car.created_at),
  },
  {
    header: 'price',
    need: 'required',
    format: 'price-aud',
    source: 'the price the site shows (priceDisplay: above 10), `34990.00 AUD`',
    value: (f) => (f.price !== undefined ? priceAud(f.price) : undefined),
  },
  {
    header: 'vehicle_price_type',
    need: 'required for AU ads',
    format: { oneOf: ['drive_away_price', 'excluding_government_charges_price'] },
    source: '`price_type` read by priceTypeLabel: drive away -> `drive_away_price`, EGC -> `excluding_government_charges_price`',
    value: (f) => googlePriceType(f.priceLabel),
  },
  {
    header: 'condition',
    need: 'required',
    format: { oneOf: ['new', 'used'] },
    source: '`car_type`: new -> `new`, used and demo -> `used`',
    value: (f) => googleCondition(f.car.car_type),
  },
  {
    header: 'certified_pre_owned',
    need: 'optional',
    format: { oneOf: ['yes', 'no'] },
    source: '`certified` (used and demo cars only)',
    value: (f) => (f.car.car_type === 'new' ? undefined : f.car.certified ? 'yes' : 'no'),
  },
  { header: 'make', need: 'required', format: 'text', source: '`make`', value: (f) => f.car.make },
  { header: 'model', need: 'required', format: 'text', source: '`model`', value: (f) => f.car.model },
  { header: 'trim', need: 'recommended', format: 'text', source: '`badge`', value: (f) => f.car.badge },
  { header: 'year', need: 'required', format: 'year', source: '`year`', value: (f) => (f.car.year != null ? String(f.car.year) : undefined) },
  {
    header: 'mileage',
    need: 'required for used',
    format: 'km',
    source: '`km` with its unit, `45210 km` (a new car without `km`: `0 km`)',
    value: (f) => {
      const v = km(f);
      return v !== undefined ? `${v} km` : undefined;
    },
  },
  { header: 'exterior_color', need: 'required', format: 'text', source: '`colour`', value: (f) => f.car.colour },
  {
    header: 'body_style',
    need: 'optional',
    format: { oneOf: GOOGLE_BODY_STYLES },
    source: "`simple_body` (else the exported `body`) mapped to Google's values (ute and cab chassis -> `truck`, people mover -> `minivan`, ...)",
    value: (f) =>
      bodyKeys(f.car)
        .map((k) => BODY_STYLE[k])
        .find(Boolean),
  },
];

export const GOOGLE_HEADERS: readonly string[] = GOOGLE_COLUMNS.map((c) => c.header);

/** One feed row, header -> value (undefined: left empty). */
export function googleRow(f: FeedCar): Record<string, string | undefined> {
  return Object.fromEntries(GOOGLE_COLUMNS.map((c) => [c.header, c.value(f)]));
}
