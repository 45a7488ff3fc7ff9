/**
 * ADF (Auto-lead Data Format 1.0) XML for a lead: the attachment dealers' CRMs import. Every value is
 * escaped; absent values leave their element out.
 */
import { toNationalNumber } from '../../src/lib/phone/au-phone.ts';
import type { StoredLead } from './lead.ts';

export function xmlEscape(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (name: string, value: unknown, attrs = ''): string =>
  value === undefined || value === null || value === '' ? '' : `<${name}${attrs}>${xmlEscape(String(value))}</${name}>`;

/** An element the ADF 1.0 DTD requires: written empty when the value is unknown. */
const required = (name: string, value: unknown, attrs = ''): string =>
  `<${name}${attrs}>${value === undefined || value === null ? '' : xmlEscape(String(value))}</${name}>`;

/**
 * A contact as the DTD has it: name+, then email and/or phone (at least one, written empty when
 * neither is known), then an optional address.
 */
function contact(names: string[], email: string | undefined, phone: string | undefined, address = ''): string {
  const reach = email || phone ? `${el('email', email)}${el('phone', phone, ' type="voice"')}` : '<phone type="voice"></phone>';
  return `<contact>${names.join('')}${reach}${address}</contact>`;
}

/**
 * Follows the ADF 1.0 DTD (functions/test/fixtures/adf-1.0.dtd; the test validates against it with
 * xmllint): elements in the DTD's order, required elements present (empty when unknown: a trade-in
 * known only by its rego, a general enquiry about no particular car, an address known only by its
 * postcode), and the vendor's contact.
 */
export function buildAdf(lead: StoredLead): string {
  const p = lead.payload;
  const car = p.car;
  const interest = p.vehicle;
  const vehicle = car
    ? [
        `<vehicle interest="buy" status="${car.car_type === 'new' ? 'new' : 'used'}">`,
        el('id', car.id, ' source="car_id"'),
        required('year', car.year),
        required('make', car.make),
        required('model', car.model),
        el('vin', car.vin),
        el('stock', car.stocknum),
        el('trim', car.badge),
        car.km !== undefined && car.km !== null ? `<odometer status="original" units="km">${xmlEscape(String(car.km))}</odometer>` : '',
        car.price !== undefined && car.price !== null && car.price > 0 ? `<price type="asking" currency="AUD">${xmlEscape(String(car.price))}</price>` : '',
        el('comments', car.url),
        '</vehicle>',
      ].join('')
    : // The DTD requires a vehicle: the one the enquiry names (make/model prefill), or an empty one.
      [
        `<vehicle interest="buy" status="${interest?.['car_type'] === 'new' ? 'new' : 'used'}">`,
        required('year', undefined),
        required('make', interest?.['make']),
        required('model', interest?.['model']),
        el('stock', interest?.['stock_number']),
        el('comments', interest ? undefined : 'No particular vehicle: see the customer comments.'),
        '</vehicle>',
      ].join('');
  const tradeIn = p.trade_in
    ? [
        '<vehicle interest="trade-in" status="used">',
        el('id', p.trade_in.id, ' source="valuation"'),
        // Known by its registration only: year, make and model are required, and unknown.
        required('year', undefined),
        required('make', undefined),
        required('model', undefined),
        p.trade_in.offer_price !== undefined ? `<price type="appraisal" currency="AUD">${xmlEscape(String(p.trade_in.offer_price))}</price>` : '',
        el(
          'comments',
          [
            p.trade_in.rego && `Rego ${p.trade_in.rego}${p.trade_in.regoState ? ` (${p.trade_in.regoState})` : ''}`,
            p.trade_in.offer_price !== undefined && `Offer $${p.trade_in.offer_price}`,
            p.trade_in.offer_accepted && 'Offer accepted',
          ]
            .filter(Boolean)
            .join('; '),
        ),
        '</vehicle>',
      ].join('')
    : '';
  const comments = [
    p.message,
    p.subcategory && `Subcategory: ${p.subcategory}`,
    p.additional_services.length ? `Additional services: ${p.additional_services.join(', ')}` : '',
    p.Rego && `Rego: ${p.Rego}`,
    p.location && `Location: ${p.location}`,
    ...Object.entries(p.extra).map(([k, v]) => `${k}: ${v}`),
  ]
    .filter(Boolean)
    .join('\n');
  // The DTD's address starts with street+; a web lead has a postcode only, so the street is empty.
  const address = p.postcode
    ? `<address><street line="1"></street>${el('regioncode', p.postcode_state)}${el('postalcode', p.postcode)}<country>AU</country></address>`
    : '';
  const customerNames = [el('name', p.name, ' part="first"'), el('name', p.last_name, ' part="last"')].filter(Boolean);
  const dealer = p.dealer;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    `<id sequence="1" source="Website">${xmlEscape(lead.id)}</id>`,
    `<requestdate>${lead.created_at.toISOString()}</requestdate>`,
    vehicle,
    tradeIn,
    '<customer>',
    contact(
      customerNames.length ? customerNames : [required('name', 'Website visitor', ' part="full"')],
      p.email,
      p.phone_e164 ? toNationalNumber(p.phone_e164) : p.phone,
      address,
    ),
    el('comments', comments),
    '</customer>',
    `<vendor>${required('vendorname', dealer.name)}${el('url', dealer.url)}${contact(
      [required('name', dealer.location ?? p.dealership_slug ?? dealer.name, ' part="full" type="business"')],
      dealer.email,
      dealer.phone,
    )}</vendor>`,
    `<provider>${el('name', 'dealer-sites', ' part="full"')}${el('service', `${p.source}: ${p.category}`)}${el('url', p.url)}</provider>`,
    '</prospect>',
    '</adf>',
    '',
  ].join('\n');
}
