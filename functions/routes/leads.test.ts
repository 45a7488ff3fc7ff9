import { describe, expect, it } from 'vitest';
import { drain } from '../lib/outbox.ts';
import { commonPostChecks, expectNoEcho, useHarness } from '../test/harness.ts';
import { ALPHA, BETA, fixtureModels, makeTenant } from '../test/fixtures.ts';
import { reserveTerms } from '../../src/lib/rules/reserve-terms.ts';
import { HONEYPOT_FIELD } from './leads.ts';

const enquiry = () => ({
  category: 'Vehicle Enquiry',
  subcategory: 'Used car',
  name: 'Jess',
  last_name: 'Nguyen',
  email: 'jess.nguyen@example.com',
  phone: '0412 345 678',
  postcode: '2250',
  message: 'Is it still available?',
  opt_in: true,
  dealership_slug: 'alpha-motors',
  location_id: '1',
  car_id: 'a-hilux',
  url: 'https://alpha.example.com.au/cars/a-hilux',
  source: 'Website',
  event_id: 15,
  lead_attributes: { visited_pages: ['/', '/cars/a-hilux'], linked_query_params: { utm_source: 'google' } },
  'Extended warranty(check_option)': true,
  'Finance(check_option)': false,
  preferred_contact_radio_options: 'phone',
});

async function count(h: ReturnType<typeof useHarness>, table: string): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
}

describe('POST /api/leads', () => {
  const h = useHarness();

  it('stores the lead and its outbox rows before answering 201 {lead_id}', async () => {
    const res = await h.post('/api/leads', enquiry(), { headers: { 'user-agent': 'UA/1' } });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    expect(lead_id).toMatch(/^[0-9a-f-]{36}$/);
    const { rows } = await h.db.query<{ tenant: string; payload: Record<string, unknown> }>('SELECT tenant, payload FROM leads WHERE id = $1', [lead_id]);
    expect(rows[0]?.tenant).toBe('alpha');
    const p = rows[0]?.payload as Record<string, any>;
    expect(p).toMatchObject({
      category: 'Vehicle Enquiry',
      source: 'Website',
      phone_e164: '+61412345678',
      postcode_state: 'NSW',
      car_id: 'a-hilux',
      car_dealership_id: '7',
      event_id: 15,
      additional_services: ['Extended warranty'],
      lead_attributes: { visited_pages: ['/', '/cars/a-hilux'], linked_query_params: { utm_source: 'google' } },
      dealer: { slug: 'alpha', name: 'Alpha Motors' },
    });
    expect(p['car']).toMatchObject({ make: 'Toyota', model: 'HiLux', stocknum: 'Sa-hilux' });
    expect(p['extra']).toEqual({});
    const outbox = await h.db.query<{ channel: string; status: string; target: string }>(
      'SELECT channel, status, target FROM outbox WHERE lead_id = $1 ORDER BY channel',
      [lead_id],
    );
    expect(outbox.rows).toEqual([
      { channel: 'email', status: 'pending', target: 'leads@alpha.example.com.au' },
      { channel: 'webhook', status: 'pending', target: 'https://crm.example.com/alpha' },
    ]);
  });

  it('delivers through the outbox: an e-mail with the ADF attachment and a webhook', async () => {
    const res = await h.post('/api/leads', enquiry());
    const { lead_id } = (await res.json()) as { lead_id: string };
    const report = await drain(h.app.deps);
    expect(report).toMatchObject({ delivered: 2, dead: 0 });
    const mail = await h.db.query<{ mail_to: string; subject: string; attachments: { filename: string; content: string }[] }>(
      'SELECT mail_to, subject, attachments FROM local_mail',
    );
    expect(mail.rows[0]?.mail_to).toBe('leads@alpha.example.com.au');
    expect(mail.rows[0]?.subject).toContain('Jess Nguyen');
    const adf = mail.rows[0]?.attachments[0];
    expect(adf?.filename).toBe(`lead-${lead_id}.adf.xml`);
    expect(adf?.content).toContain('<?adf version="1.0"?>');
    expect(adf?.content).toContain('<make>Toyota</make>');
    expect(h.webhooks).toHaveLength(1);
    expect(JSON.parse(h.webhooks[0]?.body ?? '{}')).toMatchObject({ event: 'lead.created', lead_id, tenant: 'alpha' });
  });

  it('returns the same lead for a retry with the same Idempotency-Key, and stores it once', async () => {
    const headers = { 'idempotency-key': 'form-123' };
    const first = await h.post('/api/leads', enquiry(), { headers });
    const second = await h.post('/api/leads', enquiry(), { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await count(h, 'leads')).toBe(1);
    expect(await count(h, 'outbox')).toBe(2);
  });

  it('treats key order as the same body', async () => {
    const headers = { 'idempotency-key': 'k-order' };
    const a = enquiry();
    const b = Object.fromEntries(Object.entries(a).reverse());
    const first = (await (await h.post('/api/leads', a, { headers })).json()) as { lead_id: string };
    const second = (await (await h.post('/api/leads', b, { headers })).json()) as { lead_id: string };
    expect(second.lead_id).toBe(first.lead_id);
  });

  it('answers 409 for the same Idempotency-Key with a different body', async () => {
    const headers = { 'idempotency-key': 'form-456' };
    await h.post('/api/leads', enquiry(), { headers });
    const res = await h.post('/api/leads', { ...enquiry(), message: 'Different' }, { headers });
    expect(res.status).toBe(409);
    expect(await count(h, 'leads')).toBe(1);
  });

  it('answers 400 for a malformed Idempotency-Key', async () => {
    const res = await h.post('/api/leads', enquiry(), { headers: { 'idempotency-key': 'x'.repeat(201) } });
    expect(res.status).toBe(400);
  });

  it('keeps idempotency keys per tenant', async () => {
    const headers = { 'idempotency-key': 'shared-key' };
    const a = await h.post('/api/leads', enquiry(), { headers });
    const b = await h.post('/api/leads', { category: 'General', name: 'Bo', email: 'bo@example.com', terms_conditions: true }, { headers, origin: BETA });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(((await b.json()) as { lead_id: string }).lead_id).not.toBe(((await a.json()) as { lead_id: string }).lead_id);
  });

  it('gives a bot that fills the honeypot a normal 201 and stores nothing', async () => {
    const res = await h.post('/api/leads', { ...enquiry(), [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { lead_id: string }).lead_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count(h, 'leads')).toBe(0);
    expect(await count(h, 'outbox')).toBe(0);
  });

  it('rate-limits per IP (429 with Retry-After)', async () => {
    for (let i = 0; i < 10; i++) expect((await h.post('/api/leads', enquiry(), { ip: '198.51.100.1' })).status).toBe(201);
    const res = await h.post('/api/leads', enquiry(), { ip: '198.51.100.1' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await h.post('/api/leads', enquiry(), { ip: '198.51.100.2' })).status).toBe(201);
    h.clock.advance(600);
    expect((await h.post('/api/leads', enquiry(), { ip: '198.51.100.1' })).status).toBe(201);
  });

  it("past the tenant's ceiling the flooding addresses are refused, never a new shopper (no 429 for everyone)", async () => {
    const { buildApp } = await import('../test/harness.ts');
    const { app } = buildApp(h.db, h.clock, {
      rateLimits: { leadsPerTenant: [{ limit: 20, windowSec: 3600 }], leadsPerIpInSurge: [{ limit: 3, windowSec: 3600 }] },
    });
    const send = (ip: string, origin = ALPHA, body: unknown = enquiry()) =>
      app.request(
        'http://localhost/api/leads',
        { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { ip },
      );
    // A few addresses flood the dealer, each within its own 10-per-10-minutes limit.
    const attackers = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) for (const ip of attackers) statuses.push((await send(ip)).status);
    // The first 20 pass (the tenant's ceiling); after that each flooding address is over its surge limit.
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Real shoppers still get through, each from their own address.
    for (let i = 0; i < 10; i++) expect((await send(`198.51.100.${i}`)).status).toBe(201);
    // A shopper's address is held to the surge limit too (a fourth enquiry within the hour waits).
    for (let i = 0; i < 2; i++) expect((await send('198.51.100.0')).status).toBe(201);
    expect((await send('198.51.100.0')).status).toBe(429);
    // Another tenant is not affected.
    expect((await send('192.0.2.1', BETA, { category: 'General', name: 'Bo', email: 'bo@example.com', terms_conditions: true })).status).toBe(201);
  });

  it('with TRUST_PROXY=1 the address the trusted proxy added counts, not one the client wrote', async () => {
    const { buildApp } = await import('../test/harness.ts');
    const { app } = buildApp(h.db, h.clock, { trustProxy: 1 });
    // The proxy (the socket peer 10.0.0.1) appends the address it saw; the client forges the rest.
    const send = (forged: string) =>
      app.request(
        'http://localhost/api/leads',
        {
          method: 'POST',
          headers: { origin: ALPHA, 'content-type': 'application/json', 'x-forwarded-for': `${forged}, 203.0.113.50` },
          body: JSON.stringify(enquiry()),
        },
        { ip: '10.0.0.1' },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(`198.18.0.${i}`)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  describe('validation (422, nothing stored, no submitted value echoed)', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing category', { category: undefined }, 'category', 'choose what your enquiry is about'],
      ['empty name', { name: '  ' }, 'name', 'enter your name'],
      ['bad email', { email: 'jess.nguyen@@example' }, 'email', 'enter a valid email address'],
      ['non-Australian phone', { phone: '+44 20 7946 0958' }, 'phone', 'enter an Australian phone number'],
      ['no email and no phone', { email: '', phone: '' }, 'email', 'enter an email address or a phone number'],
      ['postcode not 4 digits', { postcode: '225' }, 'postcode', 'Invalid postcode. Please enter a 4-digit number.'],
      ['unknown postcode', { postcode: '0001' }, 'postcode', 'Invalid postcode'],
      ['unknown car', { car_id: 'b-ranger' }, 'car_id', 'We could not find that car.'],
      ['unknown dealership', { dealership_slug: 'beta-motors' }, 'dealership_slug', 'choose a dealership'],
      ['unknown location', { location_id: '99' }, 'location_id', 'choose a location'],
      ['bad event id', { event_id: 'abc' }, 'event_id', 'expected an event id'],
      ['bad page url', { url: 'javascript:alert(1)' }, 'url', 'expected the page address'],
      ['message too long', { message: 'm'.repeat(5001) }, 'message', 'at most 5000 characters'],
      ['bad opt_in', { opt_in: 'maybe' }, 'opt_in', 'expected true or false'],
      ['bad visited pages', { lead_attributes: { visited_pages: 'home' } }, 'lead_attributes.visited_pages', 'expected a list'],
      ['unknown earlier lead', { lead_id: '00000000-0000-4000-8000-000000000000' }, 'lead_id', 'we could not find that enquiry'],
      ['bad rego state', { regoState: 'XX' }, 'regoState', 'expected an Australian state'],
      ['object extra field', { custom_field: { a: 1 } }, 'custom_field', 'expected text'],
      ['an offer price no form sends (issue 27)', { offer_price: 1e308 }, 'offer_price', 'expected an amount from 0 to 10000000'],
      ['a negative offer price', { offer_price: -1 }, 'offer_price', 'expected an amount from 0 to 10000000'],
      ['an offer price in fractions of a cent', { offer_price: 1000.005 }, 'offer_price', 'expected an amount in dollars and cents'],
    ];
    for (const [label, patch, field, message] of cases) {
      it(label, async () => {
        const res = await h.post('/api/leads', { ...enquiry(), ...patch });
        expect(res.status).toBe(422);
        const body = (await res.json()) as { error: string; issues: { field: string; message: string }[] };
        expect(body.issues).toContainEqual({ field, message });
        expect(body.error).toMatch(/^Please fix the following errors:/);
        expect(await count(h, 'leads')).toBe(0);
        expect(await count(h, 'outbox')).toBe(0);
      });
    }

    it('ends the sentence with one full stop when a message is a sentence of its own (issue 27: "car..")', async () => {
      const res = await h.post('/api/leads', { ...enquiry(), car_id: 'b-ranger' });
      const body = (await res.json()) as { error: string; issues: { field: string; message: string }[] };
      expect(body.error).toBe('Please fix the following errors: car_id: We could not find that car.');
      expect(body.issues).toEqual([{ field: 'car_id', message: 'We could not find that car.' }]);
      const two = (await (await h.post('/api/leads', { ...enquiry(), car_id: 'b-ranger', location_id: '99' })).json()) as { error: string };
      expect(two.error).not.toMatch(/\.\./);
      expect(two.error).toMatch(/car_id: We could not find that car(; |\.$)/);
    });

    it('never echoes submitted personal data', async () => {
      const res = await h.post('/api/leads', { ...enquiry(), email: 'secret.person@@x', phone: '99999 SECRET', name: 12345678 });
      expect(res.status).toBe(422);
      await expectNoEcho(res, 'secret.person', 'SECRET', '12345678', 'Jess', 'Nguyen');
    });

    it('requires the terms checkbox where the tenant shows it (beta)', async () => {
      const res = await h.post('/api/leads', { category: 'General', name: 'Bo', email: 'bo@example.com' }, { origin: BETA });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { issues: unknown[] }).issues).toContainEqual({
        field: 'terms_conditions',
        message: '*You must agree to the terms of use before submitting.',
      });
    });

    it('refuses a body that is not an object', async () => {
      expect((await h.post('/api/leads', [1, 2])).status).toBe(422);
    });
  });

  it('continues an earlier lead of the same tenant (trade-in offer accepted)', async () => {
    const first = (await (await h.post('/api/leads', enquiry())).json()) as { lead_id: string };
    const res = await h.post('/api/leads', {
      category: 'Trade-in',
      subcategory: '3. Offer Accepted',
      name: 'Jess',
      phone: '0412345678',
      lead_id: first.lead_id,
      offer_accepted: true,
      offer_price: 18500,
      rego: 'ABC123',
      regoState: 'nsw',
    });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const { rows } = await h.db.query<{ related_lead_id: string; payload: Record<string, any> }>('SELECT related_lead_id, payload FROM leads WHERE id = $1', [
      lead_id,
    ]);
    expect(rows[0]?.related_lead_id).toBe(first.lead_id);
    expect(rows[0]?.payload['trade_in']).toMatchObject({ offer_accepted: true, offer_price: 18500, rego: 'ABC123', regoState: 'NSW' });
  });

  describe('tenancy', () => {
    it("cannot attach another tenant's car", async () => {
      const res = await h.post(
        '/api/leads',
        { ...enquiry(), car_id: 'a-hilux', dealership_slug: undefined, location_id: undefined, terms_conditions: true },
        { origin: BETA },
      );
      expect(res.status).toBe(422);
    });

    it("cannot continue another tenant's lead", async () => {
      const first = (await (await h.post('/api/leads', enquiry())).json()) as { lead_id: string };
      const res = await h.post(
        '/api/leads',
        { category: 'Trade-in', name: 'Eve', email: 'eve@example.com', lead_id: first.lead_id, terms_conditions: true },
        { origin: BETA },
      );
      expect(res.status).toBe(422);
    });

    it('ignores a tenant named in the body', async () => {
      const res = await h.post('/api/leads', { ...enquiry(), tenant: 'beta', dealer: 'beta' });
      const { lead_id } = (await res.json()) as { lead_id: string };
      const { rows } = await h.db.query<{ tenant: string }>('SELECT tenant FROM leads WHERE id = $1', [lead_id]);
      expect(rows[0]?.tenant).toBe('alpha');
    });

    it('answers 404 for a host that is no tenant', async () => {
      const res = await h.post('/api/leads', enquiry(), { origin: null, headers: { host: 'unknown.example.org' } });
      expect(res.status).toBe(404);
    });

    it('resolves the tenant from Host when there is no Origin (same-origin tools)', async () => {
      const res = await h.post('/api/leads', enquiry(), { origin: null, headers: { host: 'alpha.example.com.au' } });
      expect(res.status).toBe(201);
    });
  });

  commonPostChecks(h, '/api/leads', enquiry);
});

describe('POST /api/leads: reservations (category reservation)', () => {
  const h = useHarness();
  const reservation = (over: Record<string, unknown> = {}) => ({
    category: 'reservation',
    name: 'Jess',
    email: 'jess@example.com',
    phone: '0412 345 678',
    postcode: '2250',
    terms_conditions: true,
    car_id: 'b-ranger',
    deposit: '1',
    ...over,
  });

  it('records the reservation through the local payment adapter with the server deposit, not the one sent', async () => {
    const res = await h.post('/api/leads', reservation(), { origin: BETA });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const { rows } = await h.db.query<{ car_id: string; payload: Record<string, any> }>('SELECT car_id, payload FROM leads WHERE id = $1', [lead_id]);
    expect(rows[0]?.car_id).toBe('b-ranger');
    expect(rows[0]?.payload['reservation']).toEqual({ deposit: 500, provider: 'local (dealer confirms, nothing charged)', status: 'awaiting-dealer' });
  });

  it("records the deposit the car's Reserve button and checkout show: its payment processor's, over the tenant's", async () => {
    const res = await h.post('/api/leads', reservation({ car_id: 'b-puma' }), { origin: BETA });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const { rows } = await h.db.query<{ payload: Record<string, any> }>('SELECT payload FROM leads WHERE id = $1', [lead_id]);
    const car = fixtureModels()[1]!.vehicles.find((v) => v.id === 'b-puma')!;
    const shown = reserveTerms(car, makeTenant('beta', { reserve: { deposit: 500 } }).reserve);
    expect(shown).toEqual({ deposit: 250, label: 'Reserve for $250' });
    expect(rows[0]?.payload['reservation']?.deposit).toBe(shown.deposit);
  });

  it('finds the car by its slug (/checkout-journey?car_id={slug})', async () => {
    const res = await h.post('/api/leads', reservation({ car_id: '2024-ford-everest-b' }), { origin: BETA });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const { rows } = await h.db.query<{ car_id: string }>('SELECT car_id FROM leads WHERE id = $1', [lead_id]);
    expect(rows[0]?.car_id).toBe('b-everest');
  });

  it('refuses a car that cannot be reserved online (reserve_online off)', async () => {
    const res = await h.post('/api/leads', { ...reservation({ car_id: 'a-hilux' }), terms_conditions: undefined });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('This car cannot be reserved online. Please send an enquiry instead.');
    expect(await count(h, 'leads')).toBe(0);
  });
});

describe('POST /api/leads: a payment provider that fails', () => {
  const h = useHarness({}, { payment: { name: 'broken', reserve: () => Promise.reject(new Error('card gateway down')) } });

  it('answers 502 with the shopper-facing text and stores nothing', async () => {
    const res = await h.post(
      '/api/leads',
      { category: 'reservation', name: 'Jess', email: 'jess@example.com', terms_conditions: true, car_id: 'b-ranger' },
      { origin: BETA },
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'Online reservations are unavailable right now. Please call us to reserve this car.' });
    expect(await count(h, 'leads')).toBe(0);
    expect(await count(h, 'outbox')).toBe(0);
  });
});
