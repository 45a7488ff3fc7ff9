/**
 * Deterministic demo stock: realistic Australian vehicles in the spec's Car field names, plus the
 * edge cases the build and the tests rely on (recently sold, price 0, preorder, broken photos...).
 */
import type { ArtKind, Scene, View } from './art.ts';
import { CATALOGUE, DRIVE, FUEL, INTERIORS, POPULARITY, WMI, equipmentPool, transmission, type Kind, type ModelSpec, type Variant } from './catalog.ts';
import { perkFits, type CommentCar } from './plausible.ts';
import { createRng, hashString, type Rng } from './prng.ts';
import { addFullMedia, addVdpExtras, belowMarket, expireRego, type DemoFinance } from './vdp-extras.ts';
import { slugify } from '../../src/lib/utils/slugify.ts';

export type CarType = 'new' | 'used' | 'demo';
export type CarStatus = 'in_stock' | 'coming_soon' | 'sold' | 'under_offer';

/** One stock record as written to stock.json (Car field names of the spec). */
export type StockRecord = Record<string, unknown> & {
  id: number;
  stocknum: string;
  car_type: CarType;
  status: CarStatus;
  images: { image: { url: string } }[];
};

export interface SegmentLocation {
  id: string;
  dealership_slug: string;
  state: string;
  weight: number;
}

export interface Segment {
  name: string;
  share: number;
  kind: Kind;
  /** Makes sold new (and as demonstrators) in this segment. */
  newMakes: string[];
  types: Partial<Record<CarType, number>>;
  /** Used stock: share of trade-ins that are of one of these makes (the rest any make). */
  usedBias?: { makes: string[]; share: number };
  /** Makes never taken as used stock here (e.g. prestige at a budget yard). */
  usedExclude?: string[];
  usedMaxAge: number;
  locations: SegmentLocation[];
}

export interface StockProfile {
  slug: string;
  dealerName: string;
  idStart: number;
  stockPrefix: string;
  segments: Segment[];
  certified: { makes?: string[]; maxAge: number; share: number };
  egcShare: number;
  signoff: string;
  perks: string[];
  /** Watermark and plate on generated photos. */
  watermark: string;
  plate: string;
  accent: string;
  /** With it, records also get the vehicle page's extras (lender data, variant, media...). */
  finance?: DemoFinance;
}

/** A photo the tenant needs rendered, by its path relative to the tenant folder. */
export interface PhotoRequest {
  art: ArtKind;
  colour: string;
  view: View;
  scene: Scene;
  mirror?: boolean;
  /** A 360 spin frame at this angle (degrees). */
  turn?: number;
  /** An interior panorama (twice as wide as high). */
  panorama?: boolean;
}

export interface EdgeCaseRef {
  id: number;
  stocknum: string;
  slug?: string;
}

export interface StockResult {
  records: StockRecord[];
  photos: Map<string, PhotoRequest>;
  /** Relative paths of files that must be written as garbage bytes. */
  corruptPhotos: string[];
  /** Relative paths referenced by a record that deliberately do not exist. */
  missingPhotos: string[];
  edges: Record<string, EdgeCaseRef>;
}

const DAY = 86400;

// ---------------------------------------------------------------------------------------------
// Small helpers

// The site's own slug rule, so demo slugs are exactly what the build would derive.
export { slugify };

function kebab(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}

const STANDARD_SCENE: Record<View, Scene> = { side: 'showroom', front: 'coast', rear: 'dusk', interior: 'cabin' };

/** The file a photo is stored in: photos/suv-white-side.jpg, photos/suv-white-side-coast.jpg... */
export function photoPath(req: PhotoRequest): string {
  const art = kebab(req.art);
  if (req.turn !== undefined) return `photos/spin/${art}-${req.colour.toLowerCase()}-${String(Math.round(req.turn)).padStart(3, '0')}.jpg`;
  if (req.view === 'interior') {
    const base = req.art === 'motorcycle' ? `${art}-${req.colour.toLowerCase()}-interior` : `${art}-interior`;
    return `photos/${base}${req.scene === 'cabin' ? '' : `-${req.scene}`}${req.panorama ? '-panorama' : ''}.jpg`;
  }
  const extra = req.scene === STANDARD_SCENE[req.view] ? '' : `-${req.scene}`;
  return `photos/${art}-${req.colour.toLowerCase()}-${req.view}${extra}${req.mirror ? '-r' : ''}.jpg`;
}

const GALLERY_EXTRAS: Omit<PhotoRequest, 'art' | 'colour'>[] = [
  { view: 'side', scene: 'coast', mirror: true },
  { view: 'side', scene: 'city' },
  { view: 'side', scene: 'studio' },
  { view: 'side', scene: 'dusk', mirror: true },
  { view: 'front', scene: 'showroom' },
  { view: 'front', scene: 'city' },
  { view: 'rear', scene: 'showroom' },
  { view: 'rear', scene: 'studio' },
  { view: 'interior', scene: 'dusk' },
];

function isoDate(unix: number): string {
  return new Date(unix * 1000).toISOString().slice(0, 10);
}

function isoDateTime(unix: number): string {
  return new Date(unix * 1000).toISOString().replace('.000Z', 'Z');
}

/** Prices end in 990 or 490, as dealers like. */
function dealerPrice(x: number): number {
  return Math.max(990, Math.round(x / 500) * 500 - 10);
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

export function regplate(rng: Rng, state: string): string {
  const L = () => rng.pick([...PLATE_LETTERS]);
  const D = () => String(rng.int(0, 9));
  switch (state) {
    case 'NSW':
      return `${L()}${L()}${D()}${D()}${L()}${L()}`;
    case 'VIC':
      return `${rng.int(1, 2)}${L()}${L()}${D()}${L()}${L()}`;
    case 'QLD':
      return `${D()}${D()}${D()}${L()}${L()}${D()}`;
    case 'WA':
      return `1${L()}${L()}${L()}${D()}${D()}${D()}`;
    default:
      return `${L()}${L()}${L()}${D()}${D()}${D()}`;
  }
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';

/** A 17-character VIN with a valid check digit and model-year code. */
export function makeVin(rng: Rng, make: string, year: number, serial: number): string {
  const wmi = rng.pick(WMI[make] ?? ['JTM']);
  let vds = '';
  for (let i = 0; i < 5; i++) vds += rng.pick([...VIN_CHARS]);
  const yearCode = year >= 2010 ? YEAR_CODES[(year - 2010) % 30]! : String(year - 2000);
  const plant = rng.pick([...'0123456789ABCDEFGHJKLMNPRSTUVWXYZ']);
  const tail = String(serial % 1000000).padStart(6, '0');
  const draft = `${wmi}${vds}0${yearCode}${plant}${tail}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** The check digit (position 9) of a 17-character VIN: the weighted sum of its transliterated characters, mod 11 (10 is X). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    sum += (/\d/.test(c) ? Number(c) : VIN_VALUES[c]!) * VIN_WEIGHTS[i]!;
  }
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

function nvic(spec: ModelSpec, variant: Variant, year: number): string {
  let h = hashString(`${spec.make}|${spec.model}|${variant.badge}|${year}`);
  let s = '';
  for (let i = 0; i < 5; i++) {
    s += VIN_CHARS[h % VIN_CHARS.length];
    h = Math.floor(h / VIN_CHARS.length) ^ (i * 2654435761);
    h = h >>> 0;
  }
  return `${String(year % 10)}${s}`.slice(0, 6);
}

// ---------------------------------------------------------------------------------------------
// Dealer comments

function formatKm(km: number): string {
  return km.toLocaleString('en-AU');
}

function dealerComments(
  rng: Rng,
  profile: StockProfile,
  car: { year: number; make: string; model: string; badge: string; colour: string; km: number; kind: Kind } & CommentCar,
  equipment: string[],
): string {
  const title = `${car.year} ${car.make} ${car.model}${car.badge ? ` ${car.badge}` : ''}`;
  const intro =
    car.car_type === 'new'
      ? rng.pick([
          `Brand new ${title} in ${car.colour}, ready for delivery from ${profile.dealerName}.`,
          `Secure the all-new ${car.model} ${car.badge} today.`,
          `Factory fresh ${title} with the full new-vehicle warranty.`,
        ])
      : car.car_type === 'demo'
        ? rng.pick([
            `Ex-demonstrator ${car.model} ${car.badge} with only ${formatKm(car.km)} km: save thousands on new and keep the balance of the factory warranty.`,
            `Our ${car.model} demo is ready for a new home. ${formatKm(car.km)} km${car.registered ? ', registered' : ''} and immaculate.`,
          ])
        : rng.pick([
            `This ${title} has covered ${formatKm(car.km)} km and comes with a full service history.`,
            `Genuine ${formatKm(car.km)} km ${car.model}, finished in ${car.colour.toLowerCase()}.`,
            `Well looked after ${car.make} ${car.model} traded in on a new vehicle with us.`,
            `${title}, ${formatKm(car.km)} km, log books present and two keys.`,
          ]);
  const parts = [intro];
  if (equipment.length >= 3 && rng.chance(0.8)) {
    const picks = rng.shuffle(equipment).slice(0, 3);
    parts.push(`Highlights include ${picks[0]!.toLowerCase()}, ${picks[1]!.toLowerCase()} and ${picks[2]!.toLowerCase()}.`);
  }
  // Drawn from every perk (the same draws as ever, so the rest of the stock stays as it was), then only
  // those that hold for this car: a new car's comments never promise a used-car inspection.
  const extras = rng.shuffle(profile.perks).slice(0, rng.int(0, Math.min(6, profile.perks.length)));
  parts.push(...extras.filter((p) => perkFits(p, car)));
  if (car.kind === 'truck') parts.push('Suitable for a light rigid (LR) licence holder; ask about finance for ABN holders.');
  if (car.kind === 'motorcycle' && /LAMS/.test(car.badge)) parts.push('LAMS approved, perfect for learner and provisional riders.');
  if (rng.chance(0.7)) parts.push(profile.signoff);
  // Some exports use paragraphs.
  return rng.chance(0.25) ? parts.join('\n\n') : parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// One vehicle

interface Context {
  profile: StockProfile;
  nowUnix: number;
  year: number;
  serial: { n: number };
  stockNos: Set<string>;
  slugs: Set<string>;
  vins: Set<string>;
  photos: Map<string, PhotoRequest>;
}

function modelsFor(kind: Kind, makes: string[] | null, yearFrom: number, yearTo: number): ModelSpec[] {
  return CATALOGUE.filter((m) => m.kind === kind && (makes === null || makes.includes(m.make)) && m.years[0] <= yearTo && m.years[1] >= yearFrom);
}

function standardPhotos(ctx: Context, art: ArtKind, colour: string, views: View[]): { image: { url: string } }[] {
  return views.map((view) => {
    const req: PhotoRequest = { art, colour, view, scene: STANDARD_SCENE[view] };
    const path = photoPath(req);
    ctx.photos.set(path, req);
    return { image: { url: path } };
  });
}

interface Constraint {
  kind?: Kind;
  car_type?: CarType;
  variant?: (v: Variant, m: ModelSpec) => boolean;
}

function makeVehicle(ctx: Context, rng: Rng, index: number, constraint: Constraint = {}): StockRecord {
  const { profile, nowUnix, year: thisYear } = ctx;
  const segments = profile.segments.filter((s) => !constraint.kind || s.kind === constraint.kind);
  const segWeights = Object.fromEntries(segments.map((s) => [s.name, s.share]));
  const segName = rng.weighted(segWeights);
  const segment = segments.find((s) => s.name === segName)!;
  let carType: CarType = constraint.car_type ?? rng.weighted(segment.types);
  if (!segment.types[carType]) carType = rng.weighted(segment.types);

  // Model, variant, year.
  let pool: ModelSpec[];
  let year: number;
  if (carType === 'used') {
    const biased = segment.usedBias && rng.chance(segment.usedBias.share);
    pool = modelsFor(segment.kind, biased ? segment.usedBias!.makes : null, thisYear - segment.usedMaxAge, thisYear - 1).filter(
      (m) => !(segment.usedExclude ?? []).includes(m.make),
    );
  } else {
    pool = modelsFor(segment.kind, segment.newMakes, thisYear, thisYear);
  }
  if (constraint.variant) {
    const filtered = pool.filter((m) => m.variants.some((v) => constraint.variant!(v, m)));
    if (filtered.length > 0) pool = filtered;
    else {
      // Fall back to any model of the kind that satisfies the constraint, sold new now.
      pool = modelsFor(segment.kind, null, thisYear - 3, thisYear).filter((m) => m.variants.some((v) => constraint.variant!(v, m)));
    }
  }
  const spec = pool[Number(rng.weighted(Object.fromEntries(pool.map((m, i) => [String(i), POPULARITY[m.model] ?? 1]))))]!;
  const variants = constraint.variant ? spec.variants.filter((v) => constraint.variant!(v, spec)) : spec.variants;
  const variant = rng.pick(variants.length > 0 ? variants : spec.variants);
  if (carType === 'used') {
    const lo = Math.max(spec.years[0], thisYear - segment.usedMaxAge);
    const hi = Math.min(spec.years[1], thisYear - 1);
    // Slightly skewed towards younger cars.
    const span = Math.max(0, hi - lo);
    year = hi - Math.floor((span + 1) * Math.pow(rng.next(), 0.9) * 0.999);
  } else if (carType === 'demo') {
    year = rng.chance(0.7) ? thisYear : thisYear - 1;
    year = Math.max(year, spec.years[0]);
  } else {
    year = rng.chance(0.82) ? thisYear : Math.max(thisYear - 1, spec.years[0]);
  }
  const age = Math.max(0, thisYear - year);

  // Kilometres.
  let km: number;
  if (carType === 'new') km = rng.int(5, 20);
  else if (carType === 'demo') km = rng.int(1000, 9000);
  else {
    const perYear = spec.kind === 'motorcycle' ? 4000 : spec.kind === 'truck' ? 38000 : 15000;
    km = Math.round(Math.max(1, age) * perYear * rng.float(0.55, 1.45) + rng.int(0, 4000));
  }

  // Price.
  const newThen = variant.price * (1 - 0.015 * age);
  let price: number;
  let priceType = 'DAP';
  if (carType === 'new') {
    price = variant.price * (year < thisYear ? 0.96 : 1);
    if (rng.chance(profile.egcShare)) {
      priceType = 'EGC';
      price *= 0.93;
    }
  } else if (carType === 'demo') {
    price = variant.price * rng.float(0.88, 0.95);
  } else {
    const keep = spec.kind === 'car' ? 0.93 : 0.9;
    const expected = Math.max(1, age) * (spec.kind === 'truck' ? 38000 : spec.kind === 'motorcycle' ? 4000 : 15000);
    const kmFactor = Math.min(1.08, Math.max(0.78, 1 - (km - expected) / (spec.kind === 'truck' ? 1200000 : 400000)));
    price = newThen * 0.88 * Math.pow(keep, Math.max(0, age - 1)) * kmFactor * rng.float(0.94, 1.06);
    price = Math.max(price, spec.kind === 'motorcycle' ? 3990 : 6990);
  }
  price = dealerPrice(price);
  const beforePrice = carType !== 'new' && rng.chance(0.12) ? price + rng.int(2, 8) * 500 : carType === 'new' && rng.chance(0.06) ? price + 1500 : undefined;

  // Identity.
  const typeLetter = carType === 'new' ? 'N' : carType === 'demo' ? 'D' : 'U';
  let stocknum: string;
  do stocknum = `${profile.stockPrefix}${typeLetter}${rng.int(10000, 99999)}`;
  while (ctx.stockNos.has(stocknum));
  ctx.stockNos.add(stocknum);
  const id = profile.idStart + index;
  let vin: string;
  do vin = makeVin(rng, spec.make, year, ++ctx.serial.n * 7919 + rng.int(0, 999));
  while (ctx.vins.has(vin));
  ctx.vins.add(vin);

  const locId = rng.weighted(Object.fromEntries(segment.locations.map((x) => [x.id, x.weight])));
  const loc = segment.locations.find((l) => l.id === locId)!;
  const colour = rng.pick(spec.colours);
  const fuel = FUEL[variant.fuel];
  const drive = DRIVE[variant.drive];
  const tr = transmission(variant.trans, variant.fuel);
  const name = `${year} ${spec.make} ${spec.model}${variant.badge ? ` ${variant.badge}` : ''}`;

  // Dates: listed some days ago (sold cars: sold after listing).
  const listedDaysAgo = Math.floor(Math.pow(rng.next(), 1.4) * 110) + rng.next();
  let createdAt = nowUnix - Math.round(listedDaysAgo * DAY) - rng.int(0, 3600);
  const status: CarStatus = rng.weighted({ in_stock: 0.86, coming_soon: 0.04, sold: 0.1 });
  let soldDate: number | undefined;
  if (status === 'sold') {
    soldDate = nowUnix - Math.round(rng.float(0.2, 45) * DAY);
    createdAt = soldDate - Math.round(rng.float(5, 90) * DAY);
  } else if (status === 'coming_soon') {
    createdAt = nowUnix - Math.round(rng.float(0.1, 6) * DAY);
  }

  // Equipment.
  const poolEq = equipmentPool(spec, variant);
  const want = Math.min(20, Math.max(5, Math.round(5 + (variant.price / 90000) * 12 + rng.int(-2, 2))));
  const base = poolEq.slice(0, 5);
  const rest = rng.shuffle(poolEq.slice(5)).slice(0, Math.max(0, want - 5));
  const equipment = [...base, ...rest].slice(0, 20);

  // Photos: most cars 4, some 3, a few 1-2.
  const nPhotos = rng.weighted({ four: 0.68, three: 0.2, two: 0.06, one: 0.06 });
  const views: View[] =
    nPhotos === 'four'
      ? ['side', 'front', 'rear', 'interior']
      : nPhotos === 'three'
        ? ['side', 'front', 'rear']
        : nPhotos === 'two'
          ? ['side', 'front']
          : ['side'];
  const images = standardPhotos(ctx, spec.art, colour, views);

  const registered = carType !== 'new' && rng.chance(carType === 'demo' ? 0.95 : 0.85);
  const certifiedRule = profile.certified;
  const certified =
    carType === 'used' &&
    age <= certifiedRule.maxAge &&
    km < 120000 &&
    (!certifiedRule.makes || certifiedRule.makes.includes(spec.make)) &&
    rng.chance(certifiedRule.share);

  const record: StockRecord = {
    id,
    name,
    year,
    make: spec.make,
    model: spec.model,
    ...(variant.badge ? { badge: variant.badge } : {}),
    series: spec.series,
    car_type: carType,
    status,
    sold: status === 'sold',
    reserved: false,
    created_at: isoDateTime(createdAt),
    ...(soldDate !== undefined ? { sold_date_timestamp: soldDate } : {}),
    price,
    ...(beforePrice !== undefined ? { before_price: beforePrice } : {}),
    price_type: priceType,
    preorder: false,
    km,
    vin,
    ...(spec.kind === 'car' ? { nvic: nvic(spec, variant, year) } : {}),
    stocknum,
    ...(registered ? { regplate: regplate(rng, loc.state), rego_expiry: isoDate(nowUnix + rng.int(20, 360) * DAY) } : {}),
    colour,
    ...(spec.kind !== 'motorcycle' ? { interior_colour: rng.pick(INTERIORS) } : {}),
    seats: spec.seats,
    ...(spec.doors ? { doors: spec.doors } : {}),
    drive: drive.drive,
    fuel: fuel.fuel,
    body: spec.body,
    trans: tr.trans,
    ...(tr.gears !== undefined ? { gearnum: tr.gears } : {}),
    engine_size: variant.engine,
    simple_body: spec.simple_body,
    ...(drive.simple ? { simple_drive: drive.simple } : {}),
    simple_transmission: tr.simple,
    simple_fuel: fuel.simple,
    images,
    dealercomments: '',
    standardEquipment: equipment,
    certified,
    show_on_dealer_website: true,
    location_id: loc.id,
    dealership_slug: loc.dealership_slug,
    item_type: spec.kind,
    views: Math.round(Math.min(2500, ((nowUnix - createdAt) / DAY) * rng.float(1, 14))),
  };
  record.dealercomments = dealerComments(
    rng,
    profile,
    { year, make: spec.make, model: spec.model, badge: variant.badge, colour, km, car_type: carType, kind: spec.kind, age, price_type: priceType, registered },
    equipment,
  );
  if (carType === 'used' && rng.chance(0.3)) record.file = `https://www.example.com/history-reports/${vin}.pdf`;
  if (rng.chance(0.04)) record.dealercomments = '';
  // Tags: a few demos are test-drive only, some used have a highlight.
  if (carType === 'demo' && rng.chance(0.15)) record.tag = 'Test Drive Only';
  else if (carType === 'used' && rng.chance(0.05)) record.tag = rng.pick(['One Owner', 'Low KMs', 'Price Drop']);
  if (status === 'in_stock' && rng.chance(0.02)) record.reserved = true;
  if (status === 'in_stock' && rng.chance(0.01)) record.show_on_dealer_website = false;
  // Most records carry a slug; the rest let the build derive one.
  if (rng.chance(0.88)) {
    let slug = slugify(`${name} ${stocknum}`);
    while (ctx.slugs.has(slug)) slug = `${slug}-x`;
    ctx.slugs.add(slug);
    record.slug = slug;
  }
  return record;
}

// ---------------------------------------------------------------------------------------------
// Edge cases

export const EDGE_CASES = [
  'sold_in_window',
  'sold_outside_window',
  'coming_soon',
  'reserved',
  'test_drive_only',
  'price_zero',
  'preorder',
  'hidden',
  'just_arrived',
  'older_listing',
  'electric',
  'hybrid',
  'certified',
  'photos_0',
  'photos_1',
  'photos_3',
  'photos_4',
  'photos_12_plus',
  'photo_missing',
  'photo_corrupt',
  'html_comment',
  'long_comment',
  'empty_comment',
  'no_slug',
  'history_report',
  'was_price',
  'egc_price',
  'motorcycle',
  'truck',
  'full_media',
  'rego_expired',
  'below_market',
  'no_vin',
  'sold_dealership_window',
  'other_status',
  'subscription',
] as const;
export type EdgeCase = (typeof EDGE_CASES)[number];

export const HTML_COMMENT = 'Great first car! <script>alert(1)</script><b>bold</b> & "quoted" <img src=x onerror=alert(2)> Ask us about finance.';

const LONG_TAIL =
  ' Every vehicle we sell is inspected by our qualified technicians, detailed inside and out and supplied with a roadworthy certificate where required. ' +
  'Finance can be arranged on the spot with competitive rates from our panel of lenders, and we welcome trade-ins of any make or model. ' +
  'Extended warranty options are available for peace of mind, and we can deliver Australia-wide at a fixed price. Book a test drive online today.';

type Rec = StockRecord & Record<string, unknown>;

function inStockPlain(r: Rec): boolean {
  return r.status === 'in_stock' && r.reserved !== true && r.show_on_dealer_website !== false && r.tag === undefined && (r.price as number) > 0;
}

export function generateStock(profile: StockProfile, count: number, seed: number | string, now: Date): StockResult {
  const rng = createRng(`${seed}|${profile.slug}`);
  const nowUnix = Math.floor(now.getTime() / 1000);
  const ctx: Context = {
    profile,
    nowUnix,
    year: now.getUTCFullYear(),
    serial: { n: 0 },
    stockNos: new Set(),
    slugs: new Set(),
    vins: new Set(),
    photos: new Map(),
  };
  const kinds = new Set(profile.segments.map((s) => s.kind));
  const types = new Set(profile.segments.flatMap((s) => Object.keys(s.types).filter((t) => (s.types as Record<string, number>)[t]! > 0)));

  // The first few vehicles are steered so every kind and fuel the edge cases need exists.
  const steer: Constraint[] = [
    { kind: 'car', variant: (v) => v.fuel === 'electric' },
    { kind: 'car', variant: (v) => v.fuel === 'electric' },
    { kind: 'car', variant: (v) => v.fuel === 'hybrid' },
    { kind: 'car', variant: (v) => v.fuel === 'hybrid' || v.fuel === 'phev' },
    ...(kinds.has('motorcycle') ? [{ kind: 'motorcycle' as Kind }] : []),
    ...(kinds.has('truck') ? [{ kind: 'truck' as Kind }] : []),
    ...[...types].map((t) => ({ kind: 'car' as Kind, car_type: t as CarType })),
  ];
  const records: Rec[] = [];
  for (let i = 0; i < count; i++) records.push(makeVehicle(ctx, rng.fork(i), i, steer[i]));

  // Apply the edge cases on distinct vehicles chosen by a predicate.
  const claimed = new Set<number>();
  const edges: Record<string, EdgeCaseRef> = {};
  const order = rng.shuffle(records.map((_, i) => i));
  const claim = (name: EdgeCase, pred: (r: Rec) => boolean, apply: (r: Rec) => void): void => {
    const i = order.find((k) => !claimed.has(k) && pred(records[k]!));
    if (i === undefined) return;
    claimed.add(i);
    const r = records[i]!;
    apply(r);
    edges[name] = { id: r.id, stocknum: r.stocknum, ...(typeof r.slug === 'string' ? { slug: r.slug } : {}) };
  };
  const corruptPhotos: string[] = [];
  const missingPhotos: string[] = [];
  const car = (r: Rec) => r.item_type === 'car';
  const setSold = (r: Rec, daysAgo: number) => {
    r.status = 'sold';
    r.sold = true;
    r.reserved = false;
    r.show_on_dealer_website = true;
    r.sold_date_timestamp = nowUnix - Math.round(daysAgo * DAY);
    r.created_at = isoDateTime(nowUnix - Math.round((daysAgo + 30) * DAY));
  };

  claim(
    'sold_in_window',
    (r) => car(r) && r.car_type === 'used',
    (r) => setSold(r, 1.5),
  );
  claim(
    'sold_outside_window',
    (r) => car(r) && r.car_type !== 'demo',
    (r) => setSold(r, 12),
  );
  claim(
    'coming_soon',
    (r) => car(r) && r.car_type !== 'demo',
    (r) => {
      r.status = 'coming_soon';
      r.sold = false;
      r.reserved = false;
      r.show_on_dealer_website = true;
      delete r.sold_date_timestamp;
      r.created_at = isoDateTime(nowUnix - DAY);
    },
  );
  claim(
    'reserved',
    (r) => inStockPlain(r),
    (r) => (r.reserved = true),
  );
  claim(
    'test_drive_only',
    (r) => r.car_type === 'demo' && r.status === 'in_stock',
    (r) => {
      r.tag = 'Test Drive Only';
      r.reserved = false;
    },
  );
  claim(
    'price_zero',
    (r) => inStockPlain(r) && car(r) && r.car_type === 'used',
    (r) => {
      r.price = 0;
      delete r.before_price;
    },
  );
  claim(
    'preorder',
    (r) => car(r) && r.car_type === 'new',
    (r) => {
      r.status = 'coming_soon';
      r.sold = false;
      delete r.sold_date_timestamp;
      r.preorder = true;
      r.price = 0;
      delete r.before_price;
      r.created_at = isoDateTime(nowUnix - 3 * DAY);
    },
  );
  claim(
    'hidden',
    (r) => inStockPlain(r),
    (r) => (r.show_on_dealer_website = false),
  );
  claim(
    'just_arrived',
    (r) => inStockPlain(r),
    (r) => (r.created_at = isoDateTime(nowUnix - 2 * DAY - 3600)),
  );
  claim(
    'older_listing',
    (r) => inStockPlain(r),
    (r) => (r.created_at = isoDateTime(nowUnix - 75 * DAY)),
  );
  claim(
    'electric',
    (r) => inStockPlain(r) && r.simple_fuel === 'Electric',
    () => {},
  );
  claim(
    'hybrid',
    (r) => inStockPlain(r) && r.simple_fuel === 'Hybrid',
    () => {},
  );
  claim(
    'certified',
    (r) => inStockPlain(r) && r.car_type === 'used' && (r.year as number) >= ctx.year - 5,
    (r) => (r.certified = true),
  );
  const art = (r: Rec): { art: ArtKind; colour: string } => {
    const first = ctx.photos.get(r.images[0]!.image.url)!;
    return { art: first.art, colour: first.colour };
  };
  claim(
    'photos_0',
    (r) => inStockPlain(r),
    (r) => (r.images = []),
  );
  claim(
    'photos_1',
    (r) => inStockPlain(r),
    (r) => (r.images = r.images.slice(0, 1)),
  );
  claim(
    'photos_3',
    (r) => inStockPlain(r) && r.images.length >= 3,
    (r) => (r.images = r.images.slice(0, 3)),
  );
  claim(
    'photos_4',
    (r) => inStockPlain(r) && r.images.length === 4,
    () => {},
  );
  claim(
    'photos_12_plus',
    (r) => inStockPlain(r) && car(r),
    (r) => {
      const a = art(r);
      const std = standardPhotos(ctx, a.art, a.colour, ['side', 'front', 'rear', 'interior']);
      const extra = GALLERY_EXTRAS.map((e) => {
        const req: PhotoRequest = { ...a, ...e };
        const path = photoPath(req);
        ctx.photos.set(path, req);
        return { image: { url: path } };
      });
      r.images = [...std, ...extra];
    },
  );
  claim(
    'photo_missing',
    (r) => inStockPlain(r) && r.images.length >= 2,
    (r) => {
      const path = 'photos/missing-photo-does-not-exist.jpg';
      missingPhotos.push(path);
      r.images = [{ image: { url: path } }, ...r.images.slice(0, 2)];
    },
  );
  claim(
    'photo_corrupt',
    (r) => inStockPlain(r),
    (r) => {
      const path = 'photos/corrupt-photo.jpg';
      corruptPhotos.push(path);
      r.images = [{ image: { url: path } }];
    },
  );
  claim(
    'html_comment',
    (r) => inStockPlain(r),
    (r) => (r.dealercomments = HTML_COMMENT),
  );
  claim(
    'long_comment',
    (r) => inStockPlain(r) && typeof r.dealercomments === 'string',
    (r) => {
      if ((r.dealercomments as string).length <= 400) r.dealercomments = `${r.dealercomments as string}${LONG_TAIL}`.trim();
    },
  );
  claim(
    'empty_comment',
    (r) => inStockPlain(r),
    (r) => (r.dealercomments = ''),
  );
  claim(
    'no_slug',
    (r) => inStockPlain(r),
    (r) => delete r.slug,
  );
  claim(
    'history_report',
    (r) => inStockPlain(r) && r.car_type === 'used',
    (r) => {
      r.file = `https://www.example.com/history-reports/${r.vin as string}.pdf`;
    },
  );
  claim(
    'was_price',
    (r) => inStockPlain(r) && r.car_type !== 'new',
    (r) => {
      r.before_price = (r.price as number) + 2500;
    },
  );
  claim(
    'egc_price',
    (r) => inStockPlain(r) && r.car_type === 'new',
    (r) => {
      if (r.price_type !== 'EGC') {
        r.price_type = 'EGC';
        r.price = dealerPrice((r.price as number) * 0.93);
        delete r.before_price;
      }
    },
  );
  claim(
    'motorcycle',
    (r) => inStockPlain(r) && r.item_type === 'motorcycle',
    () => {},
  );
  claim(
    'truck',
    (r) => inStockPlain(r) && r.item_type === 'truck',
    () => {},
  );

  if (profile.finance) {
    const artOf = (r: Rec): ArtKind => CATALOGUE.find((m) => m.make === r.make && m.model === r.model && m.series === r.series)?.art ?? 'sedan';
    addVdpExtras(records, createRng(`${seed}|${profile.slug}|vdp`), profile.finance, nowUnix, artOf);
    claim(
      'full_media',
      (r) => inStockPlain(r) && car(r) && r.images.length === 4,
      (r) => addFullMedia(r, art(r), ctx.photos, photoPath),
    );
    claim(
      'rego_expired',
      (r) => inStockPlain(r) && r.car_type === 'used' && typeof r.rego_expiry === 'string',
      (r) => expireRego(r, nowUnix),
    );
    claim('below_market', (r) => inStockPlain(r) && r.car_type === 'used' && car(r), belowMarket);
    // The many-photo car also has a video slide among its photos.
    const many = records.find((r) => r.id === edges['photos_12_plus']?.id);
    if (many) many.video_url = `https://www.youtube.com/watch?v=demo${String(many.id).slice(-6)}`;
  }
  // Claimed last, so adding it moved no other edge case: a car for sale whose export has no VIN
  // (the Google feed leaves it out and counts it; docs/feeds.md).
  claim(
    'no_vin',
    (r) => inStockPlain(r) && car(r),
    (r) => delete r.vin,
  );
  // Sold 5.5 days ago: past the tenant's 3-day window, inside a dealership's own longer one (the
  // group demo gives its motorcycle dealership 7 days: docs/tenant-config.md dealerships[].recent_sold_days).
  claim(
    'sold_dealership_window',
    (r) => r.item_type === 'motorcycle' && r.status !== 'sold',
    (r) => setSold(r, 5.5),
  );
  // Claimed after no_vin, for the same reason. A status the spec does not name, in the shape real
  // exports send it ("Under Offer", optional fields null or ""): accepted, shown with the SOLD panel.
  claim(
    'other_status',
    (r) => inStockPlain(r) && car(r) && r.car_type === 'used',
    (r) => {
      r.status = 'Under Offer' as CarStatus;
      r.tag = null as unknown as undefined;
      r.before_price = '' as unknown as number;
      r.regplate = '';
      r.dealercomments = null as unknown as string;
      delete r.finance_lenders;
    },
  );
  // A car with a subscription price (shown per week).
  claim(
    'subscription',
    (r) => inStockPlain(r) && car(r) && r.car_type === 'new',
    (r) => (r.subscription_price = Math.round((r.price as number) / 180)),
  );

  // Only photos still referenced are rendered.
  const used = new Set(
    records.flatMap((r) => [
      ...r.images.map((i) => i.image.url),
      ...((r.spin_images as string[] | undefined) ?? []),
      ...(typeof r.spin_interior_image === 'string' ? [r.spin_interior_image] : []),
    ]),
  );
  const photos = new Map([...ctx.photos].filter(([p]) => used.has(p)).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { records, photos, corruptPhotos, missingPhotos, edges };
}
