import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatLocalMail, leadRecord, toCsv, toTable } from '../staff.ts';
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
      '<vin>VIN1</vin><stock>S9</stock><trim>SR5</trim>',
      '<vendorname>Alpha Motors</vendorname>',
      'Additional services: Extended warranty',
      'preferred_time: Morning',
    ])
      expect(xml).toContain(part);
  });

  it('leaves absent optional parts out, and writes required ones empty', () => {
    const xml = buildAdf(lead({ car: undefined, email: undefined, postcode: undefined, message: undefined, additional_services: [], extra: {} }));
    // ADF requires a vehicle: an enquiry about no particular car has an empty one.
    expect(xml).toContain('<vehicle interest="buy" status="used"><year></year><make></make><model></model>');
    expect(xml).not.toContain('<email>');
    expect(xml).not.toContain('<address>');
  });

  it('adds a trade-in vehicle', () => {
    const xml = buildAdf(lead({ trade_in: { rego: 'ABC123', regoState: 'NSW', offer_price: 18500, offer_accepted: true } }));
    expect(xml).toContain('<vehicle interest="trade-in" status="used"><year></year><make></make><model></model>');
    expect(xml).toContain('Rego ABC123 (NSW); Offer $18500; Offer accepted');
  });
});

/** xmllint from Debian's libxml2-utils (CI installs it: .ci/run). */
const xmllint = spawnSync('xmllint', ['--version']).status === 0;
const DTD = fileURLToPath(new URL('../test/fixtures/adf-1.0.dtd', import.meta.url));

describe('the ADF XML is valid against the ADF 1.0 DTD', () => {
  it.skipIf(!xmllint)('every shape of lead validates (xmllint --dtdvalid; skipped without xmllint: apt-get install libxml2-utils)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'adf-'));
    try {
      const cases: Partial<LeadPayload>[] = [
        {},
        { trade_in: { rego: 'ABC123', regoState: 'NSW', offer_price: 18500, offer_accepted: true } },
        { car: undefined },
        { car: undefined, vehicle: { make: 'Toyota', model: 'Corolla', stock_number: 'S1', car_type: 'new' } },
        { car: undefined, email: undefined, postcode: undefined, message: undefined, last_name: undefined },
        { email: undefined, phone: undefined, phone_e164: undefined, name: '' },
        {
          dealer: {
            slug: 'alpha',
            name: 'Alpha Motors',
            location: 'Alpha Sales',
            email: 'sales@alpha.example.com.au',
            phone: '02 4300 0000',
            url: 'https://alpha.example.com.au',
          },
        },
        { car: { ...payload().car!, year: null, model: undefined, km: null, price: null, badge: undefined, vin: undefined, stocknum: undefined } },
      ];
      const problems: string[] = [];
      cases.forEach((over, i) => {
        const file = join(dir, `lead-${i}.xml`);
        writeFileSync(file, buildAdf(lead(over)));
        const r = spawnSync('xmllint', ['--noout', '--dtdvalid', DTD, file], { encoding: 'utf8' });
        if (r.status !== 0) problems.push(`case ${i}: ${r.stderr}`);
      });
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the vendor carries the dealer contact stored with the lead', () => {
    const xml = buildAdf(
      lead({ dealer: { slug: 'alpha', name: 'Alpha Motors', location: 'Alpha Sales', phone: '02 4300 0000', url: 'https://alpha.example.com.au' } }),
    );
    expect(xml).toContain(
      '<vendor><vendorname>Alpha Motors</vendorname><url>https://alpha.example.com.au</url><contact><name part="full" type="business">Alpha Sales</name><phone type="voice">02 4300 0000</phone></contact></vendor>',
    );
  });
});

describe('what staff see of a lead', () => {
  it('a line break in a name cannot add lines to the lead e-mail', () => {
    const m = emailFor(
      lead({ name: 'Jess\r\nEmail: attacker@evil.example\nPhone: 0400 000 000', last_name: 'X\u2028Postcode: 9999', message: 'Hi\nName: Someone Else' }),
      { id: 'o1', target: 'leads@alpha.example.com.au' },
      'from@x.example',
    );
    const lines = m.text.split('\n');
    expect(lines.filter((l) => l.startsWith('Email:'))).toEqual(['Email: jess@example.com']);
    expect(lines.filter((l) => l.startsWith('Phone:'))).toEqual(['Phone: 0412345678']);
    expect(lines.filter((l) => l.startsWith('Name:'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('Postcode:'))).toHaveLength(1);
    expect(lines).toContain('> Name: Someone Else');
    expect(m.subject).not.toMatch(/[\r\n]/);
  });

  it('leads list and outbox mail print no terminal escape sequences', () => {
    const evil = 'Jess\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eevil';
    const row = leadRecord({
      id: 'l1',
      tenant: 'alpha',
      created_at: new Date('2026-11-22T01:00:00Z'),
      payload: payload({ name: evil, message: `a\u001b[1Ab` }),
      delivery: [],
    });
    const table = toTable([row], ['created_at', 'lead_id', 'name', 'message']);
    const csv = toCsv([row]);
    const mail = formatLocalMail([
      {
        id: 'm1',
        tenant: 'alpha',
        created_at: new Date('2026-11-22T01:00:00Z'),
        mail_from: 'x@example.com',
        mail_to: 'to\u001b[31m@example.com',
        subject: `New lead: ${evil}`,
        text_body: `Name: ${evil}\nComments:\n> a\u001b[1Ab`,
        attachments: [{ filename: 'lead\u001b[0m.xml', content: '' }],
      },
    ]);
    for (const out of [table, csv, mail]) {
      // Tab, line feed and the CSV's CRLF only.
      expect(out).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(out).toContain('Jess');
    }
    expect(mail).toContain('Comments:\n> a[1Ab');
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
