/**
 * Build-time: the props each page's form island gets from the tenant (which selects show, the terms
 * box, whether Comments is required, hidden fields). Pages call formProps(); the island does the rest.
 */
import type { Tenant } from '../tenant/load-tenant.ts';
import type { FormKind } from './events.ts';
import { RESERVATION_CATEGORY } from '../rules/reserve-terms.ts';
import { placeFields, type ChoiceSelect, type Department } from './places.ts';
import { moneyQuickPicks } from './inputs.ts';

export type FormName = 'contact' | 'service' | 'parts' | 'finance' | 'test-drive' | 'trade-in' | 'reserve' | 'spin-to-win' | 'online-payment';

type Select = ChoiceSelect;

export interface FormConfig {
  id: string;
  kind: FormKind;
  category: string;
  subcategory?: string;
  submitLabel?: string;
  selects?: Select[];
  terms: boolean;
  messageRequired: boolean;
  messageLabel?: string;
  postcode?: 'required' | 'optional' | 'hidden';
  rego?: boolean;
  dateTime?: boolean;
  checkOptions?: string[];
  money?: { name: string; label: string }[];
  /** The money inputs' quick picks (moneyQuickPicks); the spec's $5,000 to $70,000 when absent. */
  moneyPicks?: readonly number[];
  distance?: { name: string; label: string }[];
  hidden?: Record<string, string>;
  /** Query parameters copied into the form (finance pages). */
  fromQuery?: string[];
  dealerName: string;
}

/** The contact form's Enquiry type select (tenant enquiry_types); its choice becomes the lead's category. */
export function categorySelect(tenant: Pick<Tenant, 'enquiry_types'>): Select[] {
  return tenant.enquiry_types.length > 1
    ? [{ name: 'category', label: 'Enquiry type', options: tenant.enquiry_types.map((t) => ({ value: t, label: t })) }]
    : [];
}

export function formProps(tenant: Tenant, form: FormName, extraHidden: Record<string, string> = {}): FormConfig {
  const f = tenant.features;
  const base = {
    terms: f.terms_checkbox,
    messageRequired: !f.message_optional,
    dealerName: tenant.name,
    ...(f.high_money_quick_picks ? { moneyPicks: moneyQuickPicks(f) } : {}),
  };
  // A page for one dealership (contact-us/{slug}) passes its dealership_slug: no place selects then.
  const withLoc = (dept: Department) => {
    const place = extraHidden['dealership_slug'] ? { selects: [], hidden: {} } : placeFields(tenant, dept);
    return { selects: place.selects, hidden: { ...place.hidden, ...extraHidden } };
  };
  switch (form) {
    case 'contact': {
      const loc = withLoc('sales');
      // A contact form about something given (an offer, the fleet team) has its subcategory: no Enquiry type then.
      const selects = [...(extraHidden['subcategory'] ? [] : categorySelect(tenant)), ...loc.selects];
      return { ...base, ...loc, selects, id: 'contact-form-lead', kind: 'other', category: 'General Enquiry', rego: true };
    }
    case 'service':
      // dealership_slug comes from the chosen service location.
      return {
        ...base,
        ...withLoc('service'),
        id: 'service-form-lead',
        kind: 'other',
        category: 'Service Booking',
        rego: true,
        dateTime: true,
        postcode: 'optional',
        checkOptions: ['Wheel alignment', 'Tyres', 'Detailing'],
        messageLabel: 'Comments',
        submitLabel: 'Book Service',
      };
    case 'parts':
      return { ...base, ...withLoc('parts'), id: 'parts-form-lead', kind: 'other', category: 'Parts Enquiry', rego: true };
    case 'finance':
      return {
        ...base,
        ...withLoc('sales'),
        id: 'finance-form-lead',
        kind: 'other',
        category: 'Finance Enquiry',
        messageRequired: false,
        money: [{ name: 'vehiclePriceBudget', label: 'Vehicle budget' }],
        postcode: 'required',
        submitLabel: 'Send Finance Enquiry',
        fromQuery: ['preferredDealership', 'vehiclePriceBudget', 'car_id', 'car_type', 'vin'],
      };
    case 'test-drive':
      return {
        ...base,
        ...withLoc('sales'),
        id: 'test-drive-form',
        kind: 'test-drive',
        category: 'Test Drive',
        messageRequired: false,
        dateTime: true,
        submitLabel: 'Book Test Drive',
      };
    case 'trade-in':
      return {
        ...base,
        ...withLoc('sales'),
        id: 'trade-in-form',
        kind: 'other',
        category: 'Trade-in',
        subcategory: '1. Details',
        messageRequired: false,
        postcode: 'required',
        rego: true,
        distance: [{ name: 'odometer', label: 'Odometer' }],
        submitLabel: 'Get My Valuation',
        // /cars/trade-in?car_id={id}: the car the shopper came from, so the dealer knows what they want.
        fromQuery: ['car_id'],
      };
    case 'reserve':
      return {
        ...base,
        hidden: extraHidden,
        id: 'reserve-form',
        kind: 'other',
        category: RESERVATION_CATEGORY,
        messageRequired: false,
        postcode: 'required',
        submitLabel: 'Reserve This Car',
        // /checkout-journey?car_id={slug}: the car to reserve (the server accepts an id or a slug).
        fromQuery: ['car_id'],
      };
    case 'spin-to-win':
      return { ...base, hidden: extraHidden, id: 'spin-form', kind: 'other', category: 'Spin to Win', messageRequired: false, submitLabel: 'Enter' };
    case 'online-payment':
      return {
        ...base,
        hidden: extraHidden,
        id: 'payment-form',
        kind: 'other',
        category: 'Online Payment',
        messageRequired: false,
        money: [{ name: 'amount', label: 'Amount' }],
        messageLabel: 'Invoice or reference',
        submitLabel: 'Continue',
      };
  }
}
