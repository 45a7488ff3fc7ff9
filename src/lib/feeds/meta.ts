/**
 * Meta's automotive inventory catalog (https://developers.facebook.com/docs/marketing-api/auto-ads/reference
 * and the vehicle catalog fields of https://developers.facebook.com/docs/marketing-api/dynamic-ads-auto/auto-catalog),
 * as CSV with Meta's flattened column names (`mileage.value`, `image[0].url`, `address.city`). One row
 * per car feedExclusion lets in (available and priced). Enum values are written in capitals as
 * Meta's examples do (Meta reads them case-insensitively). Column by column: docs/feeds.md.
 */
import type { FeedColumn } from './columns.ts';
import { bodyKeys, isoDate, priceAud, type FeedCar } from './feed-car.ts';

export const META_FEED_PATH = '/feeds/meta-automotive.csv';

/** Meta takes up to 20 images per vehicle (image[0] ... image[19]). */
export const META_MAX_IMAGES = 20;

/** Meta's description limit. */
export const META_DESCRIPTION_MAX = 5000;

export const META_BODY_STYLES = ['CONVERTIBLE', 'COUPE', 'HATCHBACK', 'MINIVAN', 'TRUCK', 'SUV', 'SEDAN', 'VAN', 'WAGON', 'CROSSOVER', 'OTHER'] as const;
const BODY_STYLE: Readonly<Record<string, (typeof META_BODY_STYLES)[number]>> = {
  suv: 'SUV',
  '4x4': 'SUV',
  hatch: 'HATCHBACK',
  hatchback: 'HATCHBACK',
  sedan: 'SEDAN',
  ute: 'TRUCK',
  cabchassis: 'TRUCK',
  lighttruck: 'TRUCK',
  van: 'VAN',
  peoplemover: 'MINIVAN',
  wagon: 'WAGON',
  stationwagon: 'WAGON',
  coupe: 'COUPE',
  hardtop: 'COUPE',
  convertible: 'CONVERTIBLE',
  roadster: 'CONVERTIBLE',
  softtop: 'CONVERTIBLE',
};

export const META_FUEL_TYPES = ['GASOLINE', 'DIESEL', 'ELECTRIC', 'HYBRID', 'PLUGIN_HYBRID', 'FLEX', 'PETROL', 'OTHER'] as const;
/** The site's simple_fuel facet -> Meta's fuel_type. */
function fuelType(simple: string | undefined, fuel: string | undefined): string | undefined {
  const f = `${simple ?? ''} ${fuel ?? ''}`.toLowerCase();
  if (!f.trim()) return undefined;
  if (/plug[- ]?in|phev/.test(f)) return 'PLUGIN_HYBRID';
  if (/hybrid/.test(f)) return 'HYBRID';
  if (/electric|\bev\b/.test(f)) return 'ELECTRIC';
  if (/diesel/.test(f)) return 'DIESEL';
  if (/petrol|unleaded|ulp|gasoline/.test(f)) return 'PETROL';
  return 'OTHER';
}

export const META_TRANSMISSIONS = ['AUTOMATIC', 'MANUAL'] as const;
function transmission(simple: string | undefined, trans: string | undefined): string | undefined {
  const t = `${simple ?? ''} ${trans ?? ''}`.toLowerCase();
  if (/manual/.test(t)) return 'MANUAL';
  if (/auto|cvt|dct|reduction|sequential/.test(t)) return 'AUTOMATIC';
  return undefined;
}

export const META_DRIVETRAINS = ['AWD', 'FOUR_WD', 'FWD', 'RWD', 'TWO_WD', 'OTHER'] as const;
function drivetrain(simple: string | undefined, drive: string | undefined): string | undefined {
  const d = `${simple ?? ''} ${drive ?? ''}`.toLowerCase();
  if (!d.trim()) return undefined;
  if (/\bawd\b|all wheel/.test(d)) return 'AWD';
  if (/4wd|4x4|four wheel/.test(d)) return 'FOUR_WD';
  if (/\bfwd\b|front wheel/.test(d)) return 'FWD';
  if (/\brwd\b|rear wheel/.test(d)) return 'RWD';
  if (/2wd|4x2|two wheel/.test(d)) return 'TWO_WD';
  return 'OTHER';
}

/** new -> NEW; used and demo -> USED, or CPO when certified. */
export function metaStateOfVehicle(carType: string, certified: boolean | null | undefined): 'NEW' | 'USED' | 'CPO' {
  if (carType === 'new') return 'NEW';
  return certified ? 'CPO' : 'USED';
}

const km = (f: FeedCar) => (f.car.km != null ? Math.round(f.car.km) : f.car.car_type === 'new' ? 0 : undefined);

/** The description Meta requires: the dealer comments as plain text, else one line naming the car and the dealer. */
function description(f: FeedCar, dealer: string): string {
  const text = f.description ?? `${f.fullName} for sale at ${dealer}.`;
  return text.length > META_DESCRIPTION_MAX ? `${text.slice(0, META_DESCRIPTION_MAX - 1)}…` : text;
}

/** The columns, with as many image[n].url columns as the car with the most photos needs (at least one, at most 20). */
export function metaColumns(imageColumns: number, dealerName: string): FeedColumn<FeedCar>[] {
  const images = Math.min(META_MAX_IMAGES, Math.max(1, imageColumns));
  return [
    { header: 'vehicle_id', need: 'required', format: 'id', source: '`id` (the id the site and model.json use)', value: (f) => f.car.id },
    { header: 'title', need: 'required', format: 'text', source: 'year make model badge series (vehicleFullName)', value: (f) => f.fullName },
    {
      header: 'description',
      need: 'required',
      format: 'text',
      source: `\`dealercomments\` as plain text (HTML removed, at most ${META_DESCRIPTION_MAX} characters), else "{title} for sale at {dealer}."`,
      value: (f) => description(f, dealerName),
    },
    { header: 'url', need: 'required', format: 'https-url', source: 'the vehicle page, `/cars/{slug}`, absolute', value: (f) => f.url },
    { header: 'make', need: 'required', format: 'text', source: '`make`', value: (f) => f.car.make },
    { header: 'model', need: 'required', format: 'text', source: '`model`', value: (f) => f.car.model },
    { header: 'year', need: 'required', format: 'year', source: '`year`', value: (f) => (f.car.year != null ? String(f.car.year) : undefined) },
    { header: 'trim', need: 'optional', format: 'text', source: '`badge`', value: (f) => f.car.badge },
    {
      header: 'mileage.value',
      need: 'required',
      format: 'integer',
      source: '`km` (a new car without `km`: 0)',
      value: (f) => {
        const v = km(f);
        return v !== undefined ? String(v) : undefined;
      },
    },
    { header: 'mileage.unit', need: 'required', format: { oneOf: ['KM'] }, source: 'always `KM`', value: () => 'KM' },
    ...Array.from({ length: images }, (_, i): FeedColumn<FeedCar> => ({
      header: `image[${i}].url`,
      need: i === 0 ? 'required' : 'optional',
      format: 'https-url',
      source: i === 0 ? 'the photos in page order, largest size, absolute (one column per photo, up to 20)' : `photo ${i + 1}`,
      value: (f) => f.photos[i],
    })),
    {
      header: 'body_style',
      need: 'required',
      format: { oneOf: META_BODY_STYLES },
      source:
        "`simple_body` (else the exported `body`) mapped to Meta's values (ute and cab chassis -> `TRUCK`, people mover -> `MINIVAN`, a motorcycle -> `OTHER`)",
      value: (f) =>
        bodyKeys(f.car)
          .map((k) => BODY_STYLE[k])
          .find(Boolean) ?? 'OTHER',
    },
    {
      header: 'state_of_vehicle',
      need: 'required',
      format: { oneOf: ['NEW', 'USED', 'CPO'] },
      source: '`car_type` and `certified`: new -> `NEW`; used or demo -> `USED`, `CPO` when certified',
      value: (f) => metaStateOfVehicle(f.car.car_type, f.car.certified),
    },
    {
      header: 'price',
      need: 'required',
      format: 'price-aud',
      source: 'the price the site shows (priceDisplay: above 10), `34990.00 AUD`',
      value: (f) => (f.price !== undefined ? priceAud(f.price) : undefined),
    },
    { header: 'exterior_color', need: 'required', format: 'text', source: '`colour`', value: (f) => f.car.colour },
    { header: 'interior_color', need: 'optional', format: 'text', source: '`interior_colour`', value: (f) => f.car.interior_colour },
    { header: 'vin', need: 'recommended', format: 'text', source: '`vin` (empty when the export has none)', value: (f) => f.car.vin?.trim() || undefined },
    {
      header: 'fuel_type',
      need: 'optional',
      format: { oneOf: META_FUEL_TYPES },
      source: '`simple_fuel`/`fuel`: petrol -> `PETROL`, diesel, electric, hybrid, plug-in hybrid -> `PLUGIN_HYBRID`, else `OTHER`',
      value: (f) => fuelType(f.car.simple_fuel, f.car.fuel),
    },
    {
      header: 'transmission',
      need: 'optional',
      format: { oneOf: META_TRANSMISSIONS },
      source: '`simple_transmission`/`trans`: `AUTOMATIC` or `MANUAL`',
      value: (f) => transmission(f.car.simple_transmission, f.car.trans),
    },
    {
      header: 'drivetrain',
      need: 'optional',
      format: { oneOf: META_DRIVETRAINS },
      source: '`simple_drive`/`drive`: `AWD`, `FOUR_WD`, `FWD`, `RWD`, `TWO_WD`, else `OTHER`',
      value: (f) => drivetrain(f.car.simple_drive, f.car.drive),
    },
    {
      header: 'availability',
      need: 'required',
      format: { oneOf: ['AVAILABLE'] },
      source: 'always `AVAILABLE` (only cars for sale are in the feed)',
      value: () => 'AVAILABLE',
    },
    {
      header: 'date_first_on_lot',
      need: 'optional',
      format: 'date',
      source: '`created_at` as a date (Australian Eastern time)',
      value: (f) => isoDate(f.car.created_at),
    },
    { header: 'address.addr1', need: 'required', format: 'text', source: "the car's location: `address.street`", value: (f) => f.location?.address.street },
    { header: 'address.city', need: 'required', format: 'text', source: '`address.city`', value: (f) => f.location?.address.city },
    { header: 'address.region', need: 'required', format: 'text', source: '`address.state`', value: (f) => f.location?.address.state },
    { header: 'address.postal_code', need: 'required', format: 'integer', source: '`address.postcode`', value: (f) => f.location?.address.postcode },
    { header: 'address.country', need: 'required', format: { oneOf: ['AU'] }, source: 'always `AU`', value: () => 'AU' },
    {
      header: 'latitude',
      need: 'recommended',
      format: 'number',
      source: '`address.lat`',
      value: (f) => (f.location?.address.lat != null ? String(f.location.address.lat) : undefined),
    },
    {
      header: 'longitude',
      need: 'recommended',
      format: 'number',
      source: '`address.long`',
      value: (f) => (f.location?.address.long != null ? String(f.location.address.long) : undefined),
    },
    { header: 'dealer_id', need: 'optional', format: 'id', source: "the location's `dealership_slug`", value: (f) => f.location?.dealership_slug },
    { header: 'dealer_name', need: 'optional', format: 'text', source: "the car's location name", value: (f) => f.location?.name },
    {
      header: 'vehicle_registration_plate',
      need: 'optional',
      format: 'text',
      source: '`regplate` (shown on the vehicle page too)',
      value: (f) => f.car.regplate,
    },
  ];
}

export function metaRow(columns: readonly FeedColumn<FeedCar>[], f: FeedCar): Record<string, string | undefined> {
  return Object.fromEntries(columns.map((c) => [c.header, c.value(f)]));
}
