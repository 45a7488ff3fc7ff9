/**
 * Vehicle-page extras for the demo tenants: lender finance data, variant specifications, market
 * averages, rego expiry, and one car per tenant with every kind of media (360 spin with hotspots,
 * video, walkaround, interior view). Drawn from their own random stream, so every field the stock
 * generator wrote before stays byte-identical.
 */
import { repayment } from '../../src/lib/finance/amortise.ts';
import type { ArtKind } from './art.ts';
import type { Rng } from './prng.ts';
import type { PhotoRequest, StockRecord } from './stock.ts';

const DAY = 86400;
export const SPIN_FRAMES = 24;

export interface DemoFinance {
  provider: string;
  rate: number;
  comparison: number;
  fee: number;
}

type Rec = StockRecord & Record<string, unknown>;

const DIMENSIONS: Partial<Record<ArtKind, [number, number, number, number, number]>> = {
  // length, width, height (mm), GVM, braked towing (kg)
  sedan: [4880, 1840, 1445, 2100, 1600],
  hatch: [4375, 1790, 1435, 1850, 1300],
  suv: [4750, 1880, 1700, 2600, 2500],
  wagon: [4800, 1840, 1560, 2250, 1800],
  ute: [5370, 1920, 1880, 3200, 3500],
  van: [5265, 1950, 2285, 3300, 1900],
  coupe: [4265, 1775, 1310, 1700, 0],
  convertible: [4810, 1915, 1395, 2150, 0],
  peopleMover: [5300, 1970, 1990, 3000, 2000],
};

function isoDate(unix: number): string {
  return new Date(unix * 1000).toISOString().slice(0, 10);
}

/** Variant specifications derived from the record's engine, fuel, body and transmission. */
function variantFor(r: Rec, art: ArtKind, rng: Rng): Record<string, unknown> | undefined {
  const dims = DIMENSIONS[art];
  if (!dims) return undefined;
  const electric = r.simple_fuel === 'Electric';
  const litres = Number(String(r.engine_size ?? '').replace(/L$/i, ''));
  const hasEngine = !electric && Number.isFinite(litres) && litres > 0;
  const diesel = r.simple_fuel === 'Diesel';
  const cylinders = !hasEngine ? undefined : litres < 1.6 ? 3 : litres <= 2.8 ? 4 : litres < 4.5 ? 6 : 8;
  const economy = electric
    ? undefined
    : r.simple_fuel === 'Plug-in Hybrid'
      ? rng.float(1.8, 2.6)
      : r.simple_fuel === 'Hybrid'
        ? rng.float(4.0, 5.6)
        : (diesel ? 6.4 : 5.2) + litres * rng.float(0.7, 1.1);
  const [length, width, height, gvm, towing] = dims;
  return {
    ...(cylinders ? { cylinders, enginesize: Math.round(litres * 1000) - rng.int(0, 12), enginesize_litres: litres } : {}),
    induction: electric ? 'Electric motor' : diesel || (litres <= 2.0 && rng.chance(0.4)) ? 'Turbo' : 'Aspirated',
    ...(economy !== undefined ? { fuelconsumptioncombined: Math.round(economy * 10) / 10, fuelcapacity: rng.pick([45, 50, 55, 60, 68, 80]) } : {}),
    grossvehiclemass: gvm + rng.int(-100, 100),
    vehiclelength: length + rng.int(-60, 60),
    vehiclewidth: width + rng.int(-20, 20),
    vehicleheight: height + rng.int(-30, 30),
    ...(towing > 0 ? { towingcapacitybraked: towing } : {}),
    torque: `${electric ? rng.int(300, 600) : Math.round(litres * rng.int(110, 170))}Nm`,
    bodyconfiguration: r.body,
    ancaprating: r.car_type === 'new' ? '5' : rng.pick(['5', '5', '4']),
    geartype: r.simple_transmission,
  };
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-AU')}`;

/**
 * The lender's disclaimer for one entry, written from the entry's own numbers (issue 26: it stated the
 * tenant's base rate and "no deposit" beside other figures). The page prints the comparison rate
 * warning once, so the disclaimer does not repeat it.
 */
export function lenderDisclaimer(
  provider: string,
  o: { price: number; deposit: number; balloon: number; rate: number; comparison: number; months: number; fee: number },
): string {
  const deposit = o.deposit > 0 ? `a deposit of ${money(o.deposit)}` : 'no deposit';
  const balloon = o.balloon > 0 ? `a final balloon payment of ${money(o.balloon)}` : 'no balloon payment';
  return (
    `Finance provided by ${provider} to approved applicants. Example based on this car's price of ${money(o.price)} with ${deposit}, ` +
    `${balloon} and a ${money(o.fee)} establishment fee, over ${o.months} months at ${o.rate.toFixed(2)}% p.a., comparison rate ${o.comparison.toFixed(2)}% p.a. ` +
    'Fees, charges and lending criteria apply.'
  );
}

/** A lender entry as exported: weekly and monthly payments over 60 months, some with a 30% balloon. */
function lenderEntry(price: number, f: DemoFinance, rng: Rng, nowUnix: number): Record<string, unknown> {
  const deposit = rng.chance(0.3) ? Math.round(price * 0.1) : 0;
  const balloon = rng.chance(0.35) ? Math.round(price * 0.3) : 0;
  const rate = Math.round((f.rate + rng.pick([0, 0, 0.5, -0.5])) * 100) / 100;
  const input = { amount: price, deposit, establishmentFee: f.fee, residual: balloon, annualRatePct: rate, years: 5 };
  const week = repayment({ ...input, periodsPerYear: 52 });
  const month = repayment({ ...input, periodsPerYear: 12 });
  const end = new Date(nowUnix * 1000);
  const comparison = Math.round((rate + (f.comparison - f.rate)) * 100) / 100;
  return {
    interestRate: rate,
    comparisonRate: comparison,
    paymentWeek: week,
    paymentMonth: month,
    totalPayable: Math.round(month * 60 + balloon),
    term: { termMonths: 60 },
    deposit,
    balloon,
    establishmentFees: f.fee,
    disclaimer: lenderDisclaimer(f.provider, { price, deposit, balloon, rate, comparison, months: 60, fee: f.fee }),
    financeProvider: f.provider,
    offerEnds: isoDate(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 2, 0) / 1000),
  };
}

/** Adds the extras to every record; `art` gives a record's illustration kind. */
export function addVdpExtras(records: Rec[], rng: Rng, finance: DemoFinance, nowUnix: number, art: (r: Rec) => ArtKind): void {
  for (const r of records) {
    const price = r.price as number;
    if (r.item_type === 'car') {
      const variant = variantFor(r, art(r), rng);
      if (variant) r.variant = variant;
    }
    if (price > 500 && r.status !== 'sold' && r.item_type !== 'truck' && rng.chance(0.7)) {
      r.finance_lenders = { [finance.provider]: lenderEntry(price, finance, rng, nowUnix) };
    }
    if (r.car_type === 'used' && price > 10 && rng.chance(0.6)) {
      const state = Math.round((price * rng.float(0.96, 1.1)) / 10) * 10;
      r.autograb_data = { state_average_market_price: state, average_market_price: Math.round((state * rng.float(0.97, 1.04)) / 10) * 10 };
    }
  }
}

/** 24 turntable frames, an interior view, a video, a walkaround and hotspots on one car. */
export function addFullMedia(
  r: Rec,
  first: { art: ArtKind; colour: string },
  photos: Map<string, PhotoRequest>,
  photoPath: (req: PhotoRequest) => string,
): void {
  const frames: string[] = [];
  for (let i = 0; i < SPIN_FRAMES; i++) {
    const req: PhotoRequest = { art: first.art, colour: first.colour, view: 'side', scene: 'studio', turn: (i * 360) / SPIN_FRAMES };
    const path = photoPath(req);
    photos.set(path, req);
    frames.push(path);
  }
  const interior: PhotoRequest = { art: first.art, colour: first.colour, view: 'interior', scene: 'cabin', panorama: true };
  photos.set(photoPath(interior), interior);
  r.spin_images = frames;
  r.spin_interior_image = photoPath(interior);
  r.video_url = `https://www.youtube.com/watch?v=demo${String(r.id).slice(-6)}`;
  r.walkaround_videos = [{ video: { url: `https://videos.example.com/walkaround/${r.stocknum}.mp4` } }];
  r.hotspots = {
    exterior: [
      { id: 'h1', description: 'LED headlights with automatic high beam' },
      { id: 'h2', description: 'Alloy wheels, full-size spare' },
      { id: 'h3', description: 'Powered tailgate' },
    ],
    interior: [
      { id: 'h4', description: 'Heated front seats' },
      { id: 'h5', description: 'Touchscreen with wireless Apple CarPlay and Android Auto' },
      { id: 'h6', description: 'Leather-wrapped steering wheel with audio controls' },
    ],
    positions: [
      { hotspotId: 'h1', activeAngle: 0, posX: 14, posY: 62 },
      { hotspotId: 'h1', activeAngle: 1, posX: 18, posY: 60 },
      { hotspotId: 'h1', activeAngle: 23, posX: 16, posY: 61 },
      { hotspotId: 'h2', activeAngle: 0, posX: 27, posY: 75 },
      { hotspotId: 'h2', activeAngle: 12, posX: 73, posY: 75 },
      { hotspotId: 'h3', activeAngle: 18, posX: 50, posY: 58 },
      // Interior hotspots: percentages of the panorama's width and height (art.ts: cabin x + 640 of 2560).
      { hotspotId: 'h4', activeAngle: 0, posX: 70, posY: 88 },
      { hotspotId: 'h5', activeAngle: 0, posX: 52.7, posY: 66 },
      { hotspotId: 'h6', activeAngle: 0, posX: 37.9, posY: 80 },
    ],
  };
}

/** A used, registered car whose rego has lapsed. */
export function expireRego(r: Rec, nowUnix: number): void {
  r.rego_expiry = isoDate(nowUnix - 20 * DAY);
}

/** A used car priced well under its state average. */
export function belowMarket(r: Rec): void {
  const price = r.price as number;
  r.autograb_data = { state_average_market_price: price + 2500, average_market_price: price + 1800 };
}
