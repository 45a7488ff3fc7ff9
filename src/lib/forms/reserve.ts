/**
 * Reserve / buy online. The payment provider is an adapter; the local default records the
 * reservation as a lead with category 'reservation' for the dealer to confirm and take the deposit.
 */
export const DEFAULT_RESERVE_DEPOSIT = 200;

/** Deposit label: the tenant's label, else 'Reserve for $<deposit>' (default $200). */
export function reserveLabel(cfg: { deposit?: number | undefined; label?: string | undefined }): string {
  if (cfg.label) return cfg.label;
  return `Reserve for $${(cfg.deposit ?? DEFAULT_RESERVE_DEPOSIT).toLocaleString('en-AU')}`;
}

export interface Reservation {
  car_id: string;
  deposit: number;
}

export interface PaymentProvider {
  name: string;
  /** Answers what the lead records about the payment; a real provider would return its payment id. */
  reserve(r: Reservation): Promise<{ status: 'awaiting-dealer' | 'paid'; reference?: string }>;
}

/** Local default: nothing is charged; the dealer confirms the reservation from the lead. */
export const localProvider: PaymentProvider = {
  name: 'local',
  reserve: () => Promise.resolve({ status: 'awaiting-dealer' }),
};
