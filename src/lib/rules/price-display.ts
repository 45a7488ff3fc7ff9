import { formatDollars } from './format.ts';

export type PriceDisplay = { kind: 'price'; amount: number; text: string } | { kind: 'preorder'; text: 'PREORDER' } | { kind: 'no-price'; text: string };

/**
 * The spec's price display: a price is shown only above 10 (so never "$0"); otherwise PREORDER for
 * preorder cars, else the configured no-price text (default "Enquire for price.").
 */
export function priceDisplay(
  car: { price?: number | null | undefined; preorder?: boolean | null | undefined },
  noPriceText = 'Enquire for price.',
): PriceDisplay {
  const price = car.price ?? 0;
  if (price > 10) return { kind: 'price', amount: price, text: formatDollars(price) };
  if (car.preorder) return { kind: 'preorder', text: 'PREORDER' };
  return { kind: 'no-price', text: noPriceText };
}

/** The label under the price: drive-away or excluding government charges, from price_type. */
export function priceTypeLabel(priceType: string | null | undefined): string | undefined {
  if (!priceType) return undefined;
  const t = priceType.trim().toLowerCase();
  if (['dap', 'drive away', 'driveaway', 'drive-away', 'drive_away'].includes(t)) return 'Drive away';
  if (['egc', 'excl. govt. charges', 'excluding government charges', 'plus orc', '+orc', 'orc'].includes(t)) return 'Excluding government charges';
  return priceType.trim();
}
