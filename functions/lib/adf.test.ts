import { describe, expect, it } from 'vitest';
import { buildAdf, xmlEscape } from './adf.ts';
import type { LeadPayload } from './lead.ts';
import { emailFor, webhookFor } from './outbox.ts';

const payload = (over: Partial<LeadPayload> = {}): LeadPayload => ({
  category: 'Vehicle Enquiry',
  name: 'Jess <script>',
  last_name: "O'Brien & Co",
  email: 'jess@example.com',
  phone: '0412 345 678',
  phone_e164: '+61412345678',
  postcode: '2250',
  postcode_state: 'NSW',
  message: 'Is it "still" available?\u0007',
  opt_in: true,
  additional_services: ['Extended warranty'],
  source: 'Website',
  lead_attributes: { visited_pages: [], linked_query_params: {} },
  extra: { preferred_time: 'Morning' },
  dealer: { slug: 'alpha', name: 'Alpha Motors' },
  car: {
    id: '9',
    slug: 'x',
    year: 2021,
    make: 'Toyota',
    model: 'HiLux',
    badge: 'SR5',
    vin: 'VIN1',
    stocknum: 'S9',
    price: 55990,
    car_type: 'used',
    status: 'in_stock',
    km: 40000,
    url: 'https://alpha.example.com.au/cars/x',
  },
  ...over,
});
const lead = (over: Partial<LeadPayload> = {}) => ({ id: 'lead-1', tenant: 'alpha', created_at: new Date('2026-11-22T01:00:00Z'), payload: payload(over) });

describe('ADF XML', () => {
  it('escapes every value and strips control characters', () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    const xml = buildAdf(lead());
    expect(xml).toContain('<name part="first">Jess &lt;script&gt;</name>');
    expect(xml).toContain('<name part="last">O&apos;Brien &amp; Co</name>');
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toContain('<script>');
  });

  it('carries the prospect, vehicle, customer, vendor and provider', () => {
    const xml = buildAdf(lead());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    for (const part of [
      '<id sequence="1" source="Website">lead-1</id>',
      '<requestdate>2026-11-22T01:00:00.000Z</requestdate>',
      '<vehicle interest="buy" status="used">',
      '<year>2021</year>',
      '<make>Toyota</make>',
      '<vin>VIN1</vin>',
      '<stock>S9</stock>',
      '<price type="asking" currency="AUD">55990</price>',
      '<phone type="voice">0412345678</phone>',
      '<postalcode>2250</postalcode><country>AU</country>',
      '<vendorname>Alpha Motors</vendorname>',
      'Additional services: Extended warranty',
      'preferred_time: Morning',
    ])
      expect(xml).toContain(part);
  });

  it('leaves absent parts out', () => {
    const xml = buildAdf(lead({ car: undefined, email: undefined, postcode: undefined, message: undefined, additional_services: [], extra: {} }));
    expect(xml).not.toContain('<vehicle');
    expect(xml).not.toContain('<email>');
    expect(xml).not.toContain('<address>');
  });

  it('adds a trade-in vehicle', () => {
    const xml = buildAdf(lead({ trade_in: { rego: 'ABC123', regoState: 'NSW', offer_price: 18500, offer_accepted: true } }));
    expect(xml).toContain('<vehicle interest="trade-in" status="used">');
    expect(xml).toContain('Rego ABC123 (NSW); Offer $18500; Offer accepted');
  });
});

describe('outbox messages', () => {
  it('the e-mail names the lead and car and attaches the ADF', () => {
    const m = emailFor(lead(), { id: 'o1', target: 'leads@alpha.example.com.au' }, 'from@x.example');
    expect(m).toMatchObject({ to: 'leads@alpha.example.com.au', from: 'from@x.example', replyTo: 'jess@example.com', outboxId: 'o1' });
    expect(m.subject).toBe("New Vehicle Enquiry lead: Jess <script> O'Brien & Co - 2021 Toyota HiLux SR5 (stock S9)");
    expect(m.text).toContain('Phone: 0412345678');
    expect(m.attachments[0]).toMatchObject({ filename: 'lead-lead-1.adf.xml', contentType: 'text/xml' });
  });

  it('the webhook carries the outbox id as Idempotency-Key and signs the body when a secret is set', () => {
    const w = webhookFor(lead(), { id: 'o2', target: 'https://crm.example/hook' }, 'shh');
    expect(w.headers['idempotency-key']).toBe('o2');
    expect(w.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(w.body)).toMatchObject({ event: 'lead.created', lead_id: 'lead-1', tenant: 'alpha' });
    expect(webhookFor(lead(), { id: 'o3', target: 'x' }, undefined).headers['x-signature']).toBeUndefined();
  });
});
