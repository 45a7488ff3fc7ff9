/**
 * The price gauge's comparable stock, delivered by model: one small file per make and model
 * (/cars/_market/<make>--<model>.json) holding each car's id, price, year and km. A car's page reads
 * its model's file and computes its own gauge with computePriceGauge, the rule the build and the
 * functions use, so the answer is the same everywhere.
 *
 * Why by model and not a file per car: a car's gauge compares it with the other cars of its model, so
 * a night's arrivals moved the figures of thousands of cars, and each of their files was uploaded again
 * (issue 25: 3,338 of a 3%-changed night's 7,847 files). A model's file changes only when a car of
 * that model comes, goes or changes, and there are a few hundred models, not thousands of cars.
 */
import { computePriceGauge, modelKey, norm, type GaugeVehicle, type PriceGauge } from './index.ts';

/** Where the model files are, beside the car pages (an underscore: no car slug can start with one). */
export const MARKET_DIR = '/cars/_market';

/** One model's cars: [id, price, year, km]; null where the car has none. */
export interface MarketGroup {
  make: string;
  model: string;
  cars: [id: string, price: number | null, year: number | null, km: number | null][];
}

const slugPart = (s: string) =>
  norm(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'x';

/**
 * A model's file name: make and model as URL-safe words. Two spellings that make the same words
 * ("CX-5" and "CX 5") share a file; each keeps its own group inside it, so nothing is compared across.
 */
export function marketKey(car: Pick<GaugeVehicle, 'make' | 'model'>): string {
  return `${slugPart(car.make)}--${slugPart(car.model ?? '')}`;
}

export function marketPath(car: Pick<GaugeVehicle, 'make' | 'model'>): string {
  return `${MARKET_DIR}/${marketKey(car)}.json`;
}

type GaugeTenant = { features: { price_gauge: boolean }; plugins: { autogauge: boolean } };

/**
 * Whether a tenant shows the price gauge at all: the feature is on, or the AutoGrab plugin supplies it.
 * The one answer the build (gauges, model files), the vehicle page and the functions' route read.
 */
export function tenantHasPriceGauge(tenant: GaugeTenant): boolean {
  return tenant.features.price_gauge || tenant.plugins.autogauge;
}

/**
 * Whether a tenant's pages compute the gauge from the model files. A tenant with the AutoGrab plugin
 * asks the functions (GET /cars/{slug}/autogauge), whose answer is the provider's.
 */
export function gaugeFromModelFiles(tenant: GaugeTenant): boolean {
  return tenant.features.price_gauge && !tenant.plugins.autogauge;
}

/** Every model file of a stock, by path (the same stock the build's gauges are computed from). */
export function marketFiles(stock: readonly GaugeVehicle[]): Map<string, MarketGroup[]> {
  const groups = new Map<string, MarketGroup>();
  for (const car of stock) {
    const key = modelKey(car);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { make: norm(car.make), model: norm(car.model), cars: [] }));
    group.cars.push([String(car.id), car.price ?? null, car.year ?? null, car.km ?? null]);
  }
  const files = new Map<string, MarketGroup[]>();
  for (const group of groups.values()) {
    const path = marketPath(group);
    files.set(path, [...(files.get(path) ?? []), group]);
  }
  return files;
}

/** A car's gauge from its model's file: computePriceGauge against the cars of its group. Null when it is not in the file. */
export function gaugeFromMarket(id: string, file: readonly MarketGroup[]): PriceGauge | null {
  for (const group of file) {
    const cars: GaugeVehicle[] = group.cars.map(([carId, price, year, km]) => ({ id: carId, make: group.make, model: group.model, price, year, km }));
    const car = cars.find((c) => c.id === id);
    if (car) return computePriceGauge(car, cars);
  }
  return null;
}
