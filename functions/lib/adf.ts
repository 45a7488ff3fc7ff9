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

export function buildAdf(lead: StoredLead): string {
  const p = lead.payload;
  const car = p.car;
  const vehicle = car
    ? [
        `<vehicle interest="buy" status="${car.car_type === 'new' ? 'new' : 'used'}">`,
        el('id', car.id, ' source="car_id"'),
        el('year', car.year),
        el('make', car.make),
        el('model', car.model),
        el('trim', car.badge),
        el('vin', car.vin),
        el('stock', car.stocknum),
        car.km !== undefined && car.km !== null ? `<odometer status="original" units="km">${xmlEscape(String(car.km))}</odometer>` : '',
        car.price !== undefined && car.price !== null && car.price > 0 ? `<price type="asking" currency="AUD">${xmlEscape(String(car.price))}</price>` : '',
        el('comments', car.url),
        '</vehicle>',
      ].join('')
    : '';
  const tradeIn = p.trade_in
    ? [
        '<vehicle interest="trade-in" status="used">',
        el('id', p.trade_in.id, ' source="valuation"'),
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
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    `<id sequence="1" source="Website">${xmlEscape(lead.id)}</id>`,
    `<requestdate>${lead.created_at.toISOString()}</requestdate>`,
    vehicle,
    tradeIn,
    '<customer><contact>',
    el('name', p.name, ' part="first"'),
    el('name', p.last_name, ' part="last"'),
    el('email', p.email),
    el('phone', p.phone_e164 ? toNationalNumber(p.phone_e164) : p.phone, ' type="voice"'),
    p.postcode ? `<address>${el('regioncode', p.postcode_state)}${el('postalcode', p.postcode)}<country>AU</country></address>` : '',
    '</contact>',
    el('comments', comments),
    '</customer>',
    `<vendor>${el('vendorname', p.dealer.name)}${p.dealership_slug ? `<contact>${el('name', p.dealership_slug, ' part="full"')}</contact>` : ''}</vendor>`,
    `<provider>${el('name', 'dealer-sites', ' part="full"')}${el('service', `${p.source}: ${p.category}`)}${el('url', p.url)}</provider>`,
    '</prospect>',
    '</adf>',
    '',
  ].join('\n');
}
