/** Trade-in valuation rules (vehicle spec sections 5 and 9). */

export const TRADE_IN_MAX_AGE_YEARS = 7;
export const TRADE_IN_MAX_KM = 100_000;
export const OFFER_VALID_DAYS = 7;
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';

/** No online estimate for a car over 7 years old or over 100,000 km: the dealer calls instead. */
export function onlineEstimateAllowed(year: number, km: number, now: Date): boolean {
  return now.getFullYear() - year <= TRADE_IN_MAX_AGE_YEARS && km <= TRADE_IN_MAX_KM;
}

/** The offer shown is valid for 7 days from when it was made. */
export function offerValidUntil(madeAt: Date): Date {
  return new Date(madeAt.getTime() + OFFER_VALID_DAYS * 86_400_000);
}
