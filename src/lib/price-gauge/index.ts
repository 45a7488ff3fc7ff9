/**
 * The price comparison gauge computed from comparable cars in a tenant's stock: the local default for
 * GET /cars/{slug}/autogauge when no provider is configured, and what the build precomputes.
 *
 * Comparable: same make and model (case-insensitive), year within YEAR_BAND years, kilometres within
 * the km band (KM_BAND_MIN or KM_BAND_SHARE of the car's km, whichever is larger; not applied when the
 * car has no km), a price above PRICE_THRESHOLD, and not the car itself. Sold cars count (they are
 * market evidence); the caller decides which stock to pass.
 *
 * Range: the 10th to 90th percentile of comparable prices from MIN_FOR_PERCENTILES cars, else their
 * minimum and maximum. Confidence grows with the sample: min(1, n / FULL_CONFIDENCE_AT), so 2 cars
 * give 0.2 (not shown, the threshold is "above 0.2") and 3 give 0.3.
 */

export interface PriceGauge {
  /** Where the listing price sits in the market range, 0 to 100. */
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  /** 0 to 1. */
  confidence: number;
  description: string;
}

export interface GaugeVehicle {
  id: string;
  make: string;
  model?: string | null | undefined;
  year?: number | null | undefined;
  km?: number | null | undefined;
  price?: number | null | undefined;
}

export const YEAR_BAND = 2;
export const KM_BAND_MIN = 20000;
export const KM_BAND_SHARE = 0.3;
export const PRICE_THRESHOLD = 10;
export const MIN_FOR_PERCENTILES = 5;
export const FULL_CONFIDENCE_AT = 10;
export const CONFIDENCE_THRESHOLD = 0.2;

/** How the gauge compares makes and models: trimmed, case-insensitive. */
export const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const hasPrice = (p: number | null | undefined): p is number => typeof p === 'number' && Number.isFinite(p) && p > PRICE_THRESHOLD;

export function isComparable(car: GaugeVehicle, other: GaugeVehicle): boolean {
  if (other.id === car.id) return false;
  if (!hasPrice(other.price)) return false;
  if (norm(other.make) !== norm(car.make) || norm(other.model) !== norm(car.model)) return false;
  if (typeof car.year !== 'number' || typeof other.year !== 'number') return false;
  if (Math.abs(other.year - car.year) > YEAR_BAND) return false;
  if (typeof car.km === 'number') {
    if (typeof other.km !== 'number') return false;
    const band = Math.max(KM_BAND_MIN, car.km * KM_BAND_SHARE);
    if (Math.abs(other.km - car.km) > band) return false;
  }
  return true;
}

/** Linear-interpolated percentile of sorted values (p from 0 to 1). */
function percentile(sorted: number[], p: number): number {
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/** The gauge for one car, or null when it has no price, no model or year, or no comparable car. */
export function computePriceGauge(car: GaugeVehicle, stock: readonly GaugeVehicle[]): PriceGauge | null {
  if (!hasPrice(car.price) || !norm(car.model) || typeof car.year !== 'number') return null;
  const prices = stock
    .filter((other) => isComparable(car, other))
    .map((o) => o.price as number)
    .sort((a, b) => a - b);
  const n = prices.length;
  if (n === 0) return null;
  const useSpread = n >= MIN_FOR_PERCENTILES;
  const min = Math.round(useSpread ? percentile(prices, 0.1) : (prices[0] as number));
  const max = Math.round(useSpread ? percentile(prices, 0.9) : (prices[n - 1] as number));
  const price = car.price;
  const fill = max === min ? 50 : Math.min(100, Math.max(0, Math.round(((price - min) / (max - min)) * 100)));
  const basis = `based on ${n} similar ${n === 1 ? 'car' : 'cars'} in stock`;
  const where = price < min ? 'below the market range' : price > max ? 'above the market range' : 'within the market range';
  return {
    fill,
    listing_price: price,
    market_range_min: min,
    market_range_max: max,
    confidence: Math.round(Math.min(1, n / FULL_CONFIDENCE_AT) * 100) / 100,
    description: `Priced ${where}, ${basis}.`,
  };
}

/** A car's comparison group: its make and model as `norm` compares them. */
export const modelKey = (car: Pick<GaugeVehicle, 'make' | 'model'>) => `${norm(car.make)}\u0000${norm(car.model)}`;

/**
 * Every car's gauge against the same stock (what the build precomputes): the same answers as
 * computePriceGauge(car, stock) for each car, but a car is only compared with the cars of its make
 * and model, the only ones that can be comparable. On the 5,000-car bench tenant that is 5,000 x a
 * model's count comparisons instead of 5,000 x 5,000 (1.5 s of a night's build).
 */
export function priceGauges(stock: readonly GaugeVehicle[]): Map<string, PriceGauge | null> {
  const byModel = new Map<string, GaugeVehicle[]>();
  for (const car of stock) {
    const group = byModel.get(modelKey(car));
    if (group) group.push(car);
    else byModel.set(modelKey(car), [car]);
  }
  return new Map(stock.map((car) => [car.id, computePriceGauge(car, byModel.get(modelKey(car)) ?? [])]));
}

/** The spec's display rule: confidence above 0.2 and market_range_max at least the listing price. */
export function shouldShowPriceGauge(gauge: PriceGauge | null | undefined): gauge is PriceGauge {
  return !!gauge && gauge.confidence > CONFIDENCE_THRESHOLD && gauge.market_range_max >= gauge.listing_price;
}
