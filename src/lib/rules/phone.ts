import { formatAuPhone } from '../phone/au-phone.ts';

/**
 * Phone numbers are shown reformatted, +61 becoming 0, grouped as Australians write them: the spec's
 * 2-4-4 for landlines as "(02) 9525 1234", mobiles "0412 345 678", "1300 123 456", "13 12 34"
 * (src/lib/phone/au-phone.ts formatAuPhone, the one rule).
 */
export function formatPhone(raw: string): string {
  return formatAuPhone(raw);
}

/** The number a tel: link dials: digits only, +61 kept as 0. */
export function telHref(raw: string): string {
  let digits = raw.replace(/[^\d+]/g, '');
  if (digits.startsWith('+61')) digits = `0${digits.slice(3)}`;
  return `tel:${digits.replace(/\D/g, '')}`;
}

/** Masked until clicked: the first 5 characters of the shown number, the rest hidden. */
export function maskPhone(shown: string): string {
  return `${shown.slice(0, 5)}${shown.slice(5).replace(/\d/g, 'X')}`;
}
