/**
 * Price labels, checked from the car's view (src/lib/model/vehicle-view.ts: the shown price and the
 * price_type label, both decided once by src/lib/rules/price-display.ts): what label a shown price must
 * carry, and the cars whose price says neither drive-away nor EGC.
 */
import type { VehicleView } from '../model/vehicle-view.ts';
import { finding, type Finding } from './findings.ts';
import { PriceTypeUnstated } from './rules.ts';

export const DRIVE_AWAY = 'Drive away';
export const EXCLUDING_GOVERNMENT_CHARGES = 'Excluding government charges';

/** What the price checks read of a car's view. */
export type PriceViewFacts = Pick<VehicleView, 'shownPrice' | 'priceLabel'>;

/** The label a shown price must carry: drive-away or EGC; undefined when the car's price label is neither. */
export function requiredPriceLabel(view: Pick<VehicleView, 'priceLabel'>): string | undefined {
  const label = view.priceLabel;
  return label === DRIVE_AWAY || label === EXCLUDING_GOVERNMENT_CHARGES ? label : undefined;
}

/** A car that shows a price without saying drive-away or EGC (a warning: the export should say). */
export function priceTypeFindings(view: PriceViewFacts, priceType: string | null | undefined, label: string): Finding[] {
  if (view.shownPrice === undefined || requiredPriceLabel(view)) return [];
  return [finding(PriceTypeUnstated, label, label, priceType?.trim() ?? '')];
}
