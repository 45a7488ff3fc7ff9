/**
 * Reserve / buy online. The form sends a lead with this category; the functions' payment adapter
 * (functions/adapters, local default: nothing charged, the dealer confirms) records the reservation
 * on it with the deposit the server works out (src/lib/rules/vdp-actions.ts reserveDeposit).
 */
export const RESERVATION_CATEGORY = 'reservation';
