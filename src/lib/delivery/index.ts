import type { DeliveryZone } from '../schemas/delivery.ts';

/** The delivery calculator's exact texts (spec, vehicle detail section 5). */
export const DeliveryMessages = {
  empty: 'Please enter a postcode.',
  invalid: 'Invalid postcode. Please enter a 4-digit number.',
  unknown: "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
} as const;

export type DeliveryEstimate =
  { ok: true; postcode: string; name: string; price: number } | { ok: false; reason: keyof typeof DeliveryMessages; message: string };

/** "2000-2234" or "4000" -> [from, to] as numbers. */
function range(spec: string): [number, number] {
  const [from, to] = spec.split('-');
  return [Number(from), Number(to ?? from)];
}

/** The shared postcode field rule: required, exactly 4 digits, no separators. */
export function checkPostcode(input: string | null | undefined): { ok: true; postcode: string } | { ok: false; reason: 'empty' | 'invalid' } {
  const s = (input ?? '').trim();
  if (s === '') return { ok: false, reason: 'empty' };
  if (!/^\d{4}$/.test(s)) return { ok: false, reason: 'invalid' };
  return { ok: true, postcode: s };
}

/** The first configured zone whose postcode or range contains the postcode. */
export function estimateDelivery(input: string | null | undefined, zones: readonly DeliveryZone[]): DeliveryEstimate {
  const checked = checkPostcode(input);
  if (!checked.ok) return { ok: false, reason: checked.reason, message: DeliveryMessages[checked.reason] };
  const n = Number(checked.postcode);
  for (const zone of zones) {
    if (
      zone.postcodes.some((spec) => {
        const [from, to] = range(spec);
        return n >= from && n <= to;
      })
    ) {
      return { ok: true, postcode: checked.postcode, name: zone.name, price: zone.price };
    }
  }
  return { ok: false, reason: 'unknown', message: DeliveryMessages.unknown };
}
