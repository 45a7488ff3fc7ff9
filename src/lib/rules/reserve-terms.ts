/**
 * Reserve / buy online. The form sends a lead with this category; the functions' payment adapter
 * (functions/adapters, local default: nothing charged, the dealer confirms) records the reservation
 * on it with the deposit `reserveTerms` decides: the same one the car's Reserve button and checkout show.
 */
import { reserveDeposit, reserveLabel } from './vdp-actions.ts';
import type { VdpExtras } from '../schemas/vdp-extras.ts';

export const RESERVATION_CATEGORY = 'reservation';

export interface ReserveTerms {
  deposit: number;
  label: string;
}

/**
 * A car's reservation deposit and label, decided once for the Reserve button, the checkout page and the
 * functions' lead route: the car's payment processor (stock export payment_processors, read once at
 * ingest into its extras: its deposit when a positive amount, its label), else the tenant's reserve
 * settings, else the spec's $200.
 */
export function reserveTerms(
  car: { extras: Pick<VdpExtras, 'payment_processor_label' | 'payment_processor_deposit'> },
  reserve: { deposit?: number | undefined; label?: string | undefined },
): ReserveTerms {
  const { payment_processor_label: label, payment_processor_deposit: deposit } = car.extras;
  const settings = {
    reserveDeposit: reserve.deposit,
    reserveLabel: reserve.label,
    processorLabel: label,
    processorDeposit: deposit !== undefined && deposit > 0 ? deposit : undefined,
  };
  return { deposit: reserveDeposit(settings), label: reserveLabel(settings) };
}
