/** Fuel calculator defaults (spec section 9): $1.70 a litre, 250 km a week, 10 L/100km without data. */
export const FUEL_PRICE_DEFAULT = '1.70';
export const FUEL_DISTANCE_DEFAULT = '250';
export const FUEL_ECONOMY_FALLBACK = 10;

/** "$1.70", "1,250 kms", "250km" -> number; '$', 'kms' and commas are stripped. NaN when not a number. */
export function parseFuelInput(input: string): number {
  const s = input.replace(/\$|kms?|,/gi, '').trim();
  return s === '' ? Number.NaN : Number(s);
}

/** The variant's combined L/100km, or 10 when it has none. */
export function fuelEconomy(combined: number | null | undefined): number {
  return combined != null && combined > 0 ? combined : FUEL_ECONOMY_FALLBACK;
}

/** Weekly cost = distance / 100 x economy x price, to 2 decimals ("42.50"); undefined for bad input. */
export function weeklyFuelCost(distance: string, price: string, economy: number): string | undefined {
  const km = parseFuelInput(distance);
  const perLitre = parseFuelInput(price);
  if (!Number.isFinite(km) || !Number.isFinite(perLitre) || km < 0 || perLitre < 0) return undefined;
  return ((km / 100) * economy * perLitre).toFixed(2);
}

/** Hidden for electric cars (hybrids and plug-in hybrids burn fuel and keep it). */
export function isFuelCalculatorShown(car: { fuel?: string | undefined; simple_fuel?: string | undefined }): boolean {
  const f = `${car.simple_fuel ?? ''} ${car.fuel ?? ''}`.toLowerCase();
  return !(/electric|\bev\b/.test(f) && !/hybrid|phev|petrol|diesel|unleaded/.test(f));
}
