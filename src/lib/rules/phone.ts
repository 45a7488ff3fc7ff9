/**
 * Phone numbers are shown reformatted: +61 becomes 0, then grouped 2-4-4 ("02 9525 1234",
 * "04 1234 5678"). Numbers that are not 10 digits after that (13 numbers, 1300/1800) keep their
 * digits grouped as dialled.
 */
export function formatPhone(raw: string): string {
  let digits = raw.replace(/[^\d+]/g, '');
  if (digits.startsWith('+61')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('61') && digits.length === 11) digits = `0${digits.slice(2)}`;
  digits = digits.replace(/\D/g, '');
  if (digits.length === 10 && /^1[38]00/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  if (digits.length === 10) return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  return raw.trim();
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
