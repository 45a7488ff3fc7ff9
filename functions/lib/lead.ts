/** The stored lead: what the leads route writes, the outbox delivers and the staff tools list. */

export interface CarSnapshot {
  id: string;
  slug: string;
  stocknum?: string | undefined;
  year?: number | null | undefined;
  make: string;
  model?: string | undefined;
  badge?: string | undefined;
  vin?: string | undefined;
  price?: number | null | undefined;
  car_type: string;
  status: string;
  km?: number | null | undefined;
  location_name?: string | undefined;
  url: string;
}

export interface TradeIn {
  id?: string | undefined;
  rego?: string | undefined;
  regoState?: string | undefined;
  adjustmentAnswers?: unknown;
  offer_price?: number | undefined;
  offer_accepted?: boolean | undefined;
  form_completed?: boolean | undefined;
}

export interface Reservation {
  deposit: number;
  provider: string;
  status: 'awaiting-dealer' | 'paid';
  reference?: string | undefined;
}

export interface LeadPayload {
  category: string;
  subcategory?: string | undefined;
  name: string;
  last_name?: string | undefined;
  email?: string | undefined;
  /** As typed (trimmed); phone_e164 is the normalised form. */
  phone?: string | undefined;
  phone_e164?: string | undefined;
  postcode?: string | undefined;
  /** From the bundled GeoNames table. */
  postcode_state?: string | undefined;
  postcode_place?: string | undefined;
  message?: string | undefined;
  opt_in: boolean;
  dealership_slug?: string | undefined;
  location?: string | undefined;
  location_id?: string | undefined;
  Rego?: string | undefined;
  page_id?: string | undefined;
  terms_conditions?: boolean | undefined;
  additional_services: string[];
  event_id?: number | undefined;
  url?: string | undefined;
  source: 'Website';
  user_agent?: string | undefined;
  car_id?: string | undefined;
  car_dealership_id?: string | undefined;
  car?: CarSnapshot | undefined;
  lead_attributes: { visited_pages: string[]; linked_query_params: Record<string, string> };
  /** An earlier lead this one continues (trade-in steps, offer acceptance). */
  lead_id?: string | undefined;
  trade_in?: TradeIn | undefined;
  /** A reservation (category 'reservation'): what the payment adapter answered. */
  reservation?: Reservation | undefined;
  /** Enquiry prefill fields about the vehicle of interest. */
  vehicle?: Record<string, string> | undefined;
  /** Tenant-specific form fields, kept as text. */
  extra: Record<string, string>;
  /** The dealer the lead is for; email/phone/url are its public contact (the ADF vendor contact). */
  dealer: { slug: string; name: string; location?: string | undefined; email?: string | undefined; phone?: string | undefined; url?: string | undefined };
}

export interface StoredLead {
  id: string;
  tenant: string;
  created_at: Date;
  payload: LeadPayload;
}

export function fullName(p: Pick<LeadPayload, 'name' | 'last_name'>): string {
  return [p.name, p.last_name].filter(Boolean).join(' ');
}

/** One line about the car of interest, for subjects and lists. */
export function carLine(car: CarSnapshot | undefined): string {
  if (!car) return '';
  return (
    [car.year, car.make, car.model, car.badge].filter((x) => x !== undefined && x !== null && x !== '').join(' ') +
    (car.stocknum ? ` (stock ${car.stocknum})` : '')
  );
}
