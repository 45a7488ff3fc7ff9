/**
 * The vehicle enquiry form's settings, shared by the vehicle page (#enquire) and a search card's
 * Quick Enquiry, so both send the same lead: multi-step, Vehicle Enquiry (or Find Me Something
 * Similar for a car no longer available), then /success.
 */
import type { Tenant } from '../tenant/load-tenant.ts';
import { slugify } from '../utils/slugify.ts';
import { formProps } from './config.ts';

export interface VehicleEnquirySettings {
  dealerName: string;
  terms: boolean;
  messageRequired: boolean;
}

export function vehicleEnquirySettings(tenant: Tenant): VehicleEnquirySettings {
  const base = formProps(tenant, 'contact');
  return { dealerName: tenant.name, terms: base.terms, messageRequired: base.messageRequired };
}

export function vehicleEnquiryForm(available: boolean) {
  return {
    kind: available ? ('enquiry' as const) : ('similar' as const),
    category: available ? 'Vehicle Enquiry' : 'Find Me Something Similar',
    steps: true,
    submitLabel: 'Send Enquiry',
    lastName: true,
  };
}

/** What the enquiry's hidden fields read of a car (a Vehicle, or a search card's car). */
export interface EnquiryCarFacts {
  make: string;
  model?: string | null | undefined;
  car_type: string;
  status: string;
  stocknum?: string | null | undefined;
  dealership_slug?: string | undefined;
}

/**
 * The make's slug as the manufacturer pages use it (src/lib/rules/manufacturers.ts slugs every
 * make with slugify); kept to slugify here so the search page's Quick Enquiry does not ship the list.
 */
export function manufacturerSlug(make: string): string {
  return slugify(make);
}

/**
 * The enquiry's subcategory (spec: the prefill names the field, not its value): the car's condition,
 * "New Vehicle", "Used Vehicle" or "Demo Vehicle", so the dealer's CRM can route it to new or used sales.
 */
export function vehicleEnquirySubcategory(carType: string): string {
  const t = carType.trim().toLowerCase();
  return `${t === 'used' ? 'Used' : t === 'demo' ? 'Demo' : 'New'} Vehicle`;
}

/**
 * The spec's enquiry prefill (dealership_slug, manufacturer_slug, stock_number, Vehicle Make, Vehicle
 * Model, car_type, vehicle_status, subcategory) for a car: sent by the vehicle page's forms and by a
 * card's Quick Enquiry alike. car_id travels in the lead body; opt_in is the shopper's own tick
 * (docs/forms.md: never ticked for them).
 */
export function vehicleEnquiryHidden(car: EnquiryCarFacts): Record<string, string> {
  return {
    ...(car.dealership_slug ? { dealership_slug: car.dealership_slug } : {}),
    manufacturer_slug: manufacturerSlug(car.make),
    ...(car.stocknum ? { stock_number: car.stocknum } : {}),
    'Vehicle Make': car.make,
    'Vehicle Model': car.model ?? '',
    car_type: car.car_type,
    vehicle_status: car.status,
    subcategory: vehicleEnquirySubcategory(car.car_type),
  };
}

/** What a card's Quick Enquiry link carries for the form (data-quick-enquiry, JSON). */
export interface QuickEnquiryCar {
  id: string;
  name: string;
  slug: string;
  car_type: string;
  tag?: string | undefined;
  make: string;
  model?: string | undefined;
  status: string;
  stocknum?: string | undefined;
  dealership_slug?: string | undefined;
}

/** The form's car and the hidden fields the vehicle page also sends. */
export function quickEnquiryProps(c: QuickEnquiryCar) {
  return {
    car: { id: c.id, name: c.name, slug: c.slug, car_type: c.car_type, tag: c.tag },
    hidden: vehicleEnquiryHidden(c),
  };
}
