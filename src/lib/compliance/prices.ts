/**
 * Price labels, decided from the Vehicle and the price rules (src/lib/rules/price-display.ts): what
 * label price_type asks for, and the cars whose price says neither drive-away nor EGC.
 */
import { priceDisplay, priceTypeLabel } from '../rules/price-display.ts';
import { finding, type Finding } from './findings.ts';
import { PriceTypeUnstated } from './rules.ts';

export const DRIVE_AWAY = 'Drive away';
export const EXCLUDING_GOVERNMENT_CHARGES = 'Excluding government charges';

/** The label a shown price must carry: drive-away or EGC; undefined when price_type is neither. */
export function requiredPriceLabel(priceType: string | null | undefined): string | undefined {
  const label = priceTypeLabel(priceType);
  return label === DRIVE_AWAY || label === EXCLUDING_GOVERNMENT_CHARGES ? label : undefined;
}

/** A car that shows a price without saying drive-away or EGC (a warning: the export should say). */
export function priceTypeFindings(
  car: { price?: number | null | undefined; preorder?: boolean | null | undefined; price_type?: string | null | undefined },
  label: string,
): Finding[] {
  if (priceDisplay(car).kind !== 'price' || requiredPriceLabel(car.price_type)) return [];
  return [finding(PriceTypeUnstated, label, label, car.price_type?.trim() ?? '')];
}
