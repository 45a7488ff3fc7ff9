/** Trade-in valuation rules (vehicle spec sections 5 and 9). */
import { formatKm } from '../rules/format.ts';

export const TRADE_IN_MAX_AGE_YEARS = 7;
/** The spec's one variant: online estimates up to 10 years old (features.trade_in_ten_years). */
export const TRADE_IN_MAX_AGE_YEARS_VARIANT = 10;
export const TRADE_IN_MAX_KM = 100_000;
/** "100,000 km", as the trade-in note states the limit. */
export const TRADE_IN_MAX_KM_TEXT = formatKm(TRADE_IN_MAX_KM);
export const OFFER_VALID_DAYS = 7;
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';
/** Our names for the steps between (spec: the lead helper sends the rego lookup and the adjustment answers). */
export const REGO_LOOKUP_SUBCATEGORY = '2. Rego Lookup';
export const ADJUSTMENTS_SUBCATEGORY = '2. Adjustments';

/** The rego states the trade-in form offers. */
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
export type AuState = (typeof AU_STATES)[number];
/** The spec's default rego state when the dealer's own is not known. */
export const DEFAULT_REGO_STATE: AuState = 'QLD';

const STATE_NAMES: Record<string, AuState> = {
  'new south wales': 'NSW',
  victoria: 'VIC',
  queensland: 'QLD',
  'south australia': 'SA',
  'western australia': 'WA',
  tasmania: 'TAS',
  'northern territory': 'NT',
  'australian capital territory': 'ACT',
};

/** "qld", " Queensland ", "QLD" -> "QLD"; anything else -> undefined. */
export function auState(text: string | null | undefined): AuState | undefined {
  const t = (text ?? '').trim();
  const upper = t.toUpperCase();
  return (AU_STATES as readonly string[]).includes(upper) ? (upper as AuState) : STATE_NAMES[t.toLowerCase()];
}

/**
 * The trade-in form's starting rego state: the dealer's own (its primary location's state, else the
 * first location with one), falling back to the spec's QLD. Most trade-ins are registered where the
 * dealer trades.
 */
export function defaultRegoState(locations: readonly { primary?: boolean | undefined; address?: { state?: string | undefined } | undefined }[]): AuState {
  const ordered = [...locations.filter((l) => l.primary), ...locations.filter((l) => !l.primary)];
  for (const l of ordered) {
    const state = auState(l.address?.state);
    if (state) return state;
  }
  return DEFAULT_REGO_STATE;
}

/** The shopper's contact fields each later trade-in step repeats, so every step's lead stands on its own. */
export const CONTACT_FIELDS = [
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'dealership_slug',
  'location_id',
  'location',
  'terms_conditions',
  'opt_in',
  // The car page the valuation was started from (every step names the car, not only the first).
  'car_id',
] as const;

/** The contact part of the details lead, without empty fields. */
export function contactOf(values: Record<string, string | boolean | undefined>): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const k of CONTACT_FIELDS) {
    const x = values[k];
    if (x !== undefined && x !== '') out[k] = x;
  }
  return out;
}

/** The oldest car (years) the tenant estimates online: 7, or 10 where the tenant uses the spec's variant. */
export function tradeInMaxAgeYears(features: { trade_in_ten_years: boolean }): number {
  return features.trade_in_ten_years ? TRADE_IN_MAX_AGE_YEARS_VARIANT : TRADE_IN_MAX_AGE_YEARS;
}

/** No online estimate for a car over 7 years old (or the tenant's limit) or over 100,000 km: the dealer calls instead. */
export function onlineEstimateAllowed(year: number, km: number, now: Date, maxAgeYears = TRADE_IN_MAX_AGE_YEARS): boolean {
  return now.getFullYear() - year <= maxAgeYears && km <= TRADE_IN_MAX_KM;
}

/** The offer shown is valid for 7 days from when it was made. */
export function offerValidUntil(madeAt: Date): Date {
  return new Date(madeAt.getTime() + OFFER_VALID_DAYS * 86_400_000);
}

/**
 * Our own estimate (no valuation provider is connected, so the page says "Estimated offer, confirmed
 * on inspection"). Rule: the median advertised price of this dealer's listed stock of the same make
 * built within a year either side, times 0.8 (reconditioning and the dealer's margin), less 5% for each
 * adjustment answered "yes" (accident damage, mechanical or warning-light issues, no service history),
 * less 2% for every 10,000 km above 15,000 km a year of age; rounded down to $100. No estimate when
 * the car is over the online limits or the stock has nothing to compare with.
 */
export interface StockPrice {
  make: string;
  year: number;
  price: number;
}
export const ADJUSTMENTS = [
  'Has it been in an accident or had panel damage?',
  'Any mechanical problems or warning lights?',
  'Is the service history incomplete?',
] as const;

/** Build time: the median price per make and year (stock of that make built within a year either side). */
export function stockMedians(stock: readonly StockPrice[]): Record<string, number> {
  const out: Record<string, number> = {};
  const keys = new Set(stock.flatMap((s) => [s.year - 1, s.year, s.year + 1].map((y) => `${s.make.toLowerCase()}|${y}`)));
  for (const key of keys) {
    const [make, y] = key.split('|');
    const prices = stock
      .filter((s) => s.make.toLowerCase() === make && Math.abs(s.year - Number(y)) <= 1 && s.price > 0)
      .map((s) => s.price)
      .sort((a, b) => a - b);
    if (prices.length === 0) continue;
    const mid = Math.floor(prices.length / 2);
    out[key] = prices.length % 2 ? prices[mid]! : (prices[mid - 1]! + prices[mid]!) / 2;
  }
  return out;
}

export function tradeInEstimate(
  car: { make: string; year: number; km: number },
  yesAnswers: number,
  medians: Record<string, number>,
  now: Date,
  maxAgeYears = TRADE_IN_MAX_AGE_YEARS,
): number | undefined {
  if (!onlineEstimateAllowed(car.year, car.km, now, maxAgeYears)) return undefined;
  const median = medians[`${car.make.trim().toLowerCase()}|${car.year}`];
  if (median === undefined) return undefined;
  const age = Math.max(1, now.getFullYear() - car.year);
  const overKm = Math.max(0, car.km - 15_000 * age);
  const factor = 0.8 - 0.05 * yesAnswers - 0.02 * Math.floor(overKm / 10_000);
  return Math.max(0, Math.floor((median * factor) / 100) * 100);
}
