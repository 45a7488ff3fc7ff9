/**
 * Australian phone numbers. Visitors type them every way: "0412 345 678", "+61 412 345 678",
 * "61412345678", "+61 (0)412-345-678". Everything is normalised to E.164 before it is stored or
 * compared, so one person is one user whatever they typed.
 */

const SEPARATORS = /[\s().-]/g;

/** An Australian mobile (04xx xxx xxx) as +614XXXXXXXX, or null when it is not one. */
export function normaliseAuMobile(input: string): string | null {
  const s = input.trim().replace(SEPARATORS, '');
  const m = /^(?:\+?610?|0)(4\d{8})$/.exec(s);
  return m ? `+61${m[1]}` : null;
}

/**
 * Any Australian number a dealer can call back: mobiles and geographic landlines (02, 03, 07, 08)
 * as E.164, and 13xx xx / 1300 / 1800 numbers as their digits. Null otherwise.
 */
export function normaliseAuPhone(input: string): string | null {
  const s = input.trim().replace(SEPARATORS, '');
  const e164 = /^(?:\+?610?|0)([2378]\d{8}|4\d{8}|5\d{8})$/.exec(s);
  if (e164) return `+61${e164[1]}`;
  if (/^13\d{4}$/.test(s) || /^1[38]00\d{6}$/.test(s)) return s;
  return null;
}

/** +61412345678 -> 0412345678 (the national form dealers dial). */
export function toNationalNumber(e164: string): string {
  return e164.startsWith('+61') ? `0${e164.slice(3)}` : e164;
}

/**
 * A number as Australians write it: mobiles 4 3 3 ("0412 345 678"), landlines with the area code in
 * brackets, 2 4 4 ("(02) 9525 1234"), 1300 and 1800 numbers 4 3 3 ("1300 123 456") and 13 numbers
 * 2 2 2 ("13 12 34"). +61 (and +61 (0)) becomes 0. Anything else is shown as the dealer typed it.
 */
export function formatAuPhone(raw: string): string {
  const s = raw.trim().replace(/[^\d+]/g, '');
  const national = /^(?:\+?610?|0)([2-578]\d{8})$/.exec(s);
  if (national) {
    const n = `0${national[1]}`;
    if (n.startsWith('04') || n.startsWith('05')) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
    return `(${n.slice(0, 2)}) ${n.slice(2, 6)} ${n.slice(6)}`;
  }
  if (/^1[38]00\d{6}$/.test(s)) return `${s.slice(0, 4)} ${s.slice(4, 7)} ${s.slice(7)}`;
  if (/^13\d{4}$/.test(s)) return `${s.slice(0, 2)} ${s.slice(2, 4)} ${s.slice(4)}`;
  return raw.trim();
}
