import type { CarStatus } from '../schemas/car.ts';
import { isAvailable } from './listing.ts';

/**
 * "Most relevant" order is custom_rank descending. Exports may carry their own custom_rank; otherwise
 * available cars come before sold ones and newer arrivals before older (status weight, then created_at).
 */
export function customRank(car: {
  custom_rank?: unknown;
  status: CarStatus;
  sold?: boolean | null | undefined;
  created_at?: number | null | undefined;
}): number {
  if (typeof car.custom_rank === 'number' && Number.isFinite(car.custom_rank)) return car.custom_rank;
  // Not available (sold, or another status such as under_offer) sorts last.
  const weight = !isAvailable(car) ? 0 : car.status === 'in_stock' ? 2 : 1;
  return weight * 10_000_000_000 + (car.created_at ?? 0);
}
