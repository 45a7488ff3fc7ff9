import { formatPhone, maskPhone, telHref } from './phone.ts';

export interface CallUsContact {
  call_us_override?: string | undefined;
  new_phone?: string | undefined;
  used_phone?: string | undefined;
}

export type CallUsNumber = { number: string; source: 'override' | 'car-type' | 'new-or-used' | 'location' } | { number: undefined; warning: string };

/**
 * The number a "Call Now" dials: the configured override; else, when phone filtering by car type is
 * on, the number for the car's type (demo uses the new number); else the new or used number; else the
 * car's location phone. With none, a warning for the console.
 */
export function callUsNumber(
  car: { car_type: string; stocknum?: string | undefined; id: string; location?: { phone?: string | undefined } | undefined },
  contact: CallUsContact,
  filterByCarType: boolean,
): CallUsNumber {
  if (contact.call_us_override) return { number: contact.call_us_override, source: 'override' };
  if (filterByCarType) {
    const typed = car.car_type === 'used' ? contact.used_phone : contact.new_phone;
    if (typed) return { number: typed, source: 'car-type' };
  }
  const either = contact.new_phone ?? contact.used_phone;
  if (either) return { number: either, source: 'new-or-used' };
  if (car.location?.phone) return { number: car.location.phone, source: 'location' };
  return { number: undefined, warning: `No phone number for car ${car.stocknum ?? car.id}: set contact.new_phone, contact.used_phone or the location phone.` };
}

export interface PhoneShown {
  /** What the button shows before the click: masked after 5 characters, or the number where configured. */
  initial: string;
  /** The reformatted number (2-4-4) shown after the click. */
  full: string;
  tel: string;
  masked: boolean;
}

/** The phone as the page shows it: reformatted, masked until clicked unless the tenant shows it unmasked. */
export function phoneShown(raw: string, unmasked: boolean): PhoneShown {
  const full = formatPhone(raw);
  return { initial: unmasked ? full : maskPhone(full), full, tel: telHref(raw), masked: !unmasked };
}
