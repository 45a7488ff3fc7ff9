/**
 * The vehicle enquiry form's settings, shared by the vehicle page (#enquire) and a search card's
 * Quick Enquiry, so both send the same lead: multi-step, Vehicle Enquiry (or Find Me Something
 * Similar for a car no longer available), then /success.
 */
import type { Tenant } from '../tenant/load-tenant.ts';
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
}

/** The form's car and the hidden fields the vehicle page also sends. */
export function quickEnquiryProps(c: QuickEnquiryCar) {
  return {
    car: { id: c.id, name: c.name, slug: c.slug, car_type: c.car_type, tag: c.tag },
    hidden: { 'Vehicle Make': c.make, 'Vehicle Model': c.model ?? '', car_type: c.car_type, vehicle_status: c.status },
  };
}
