import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/forms/messages.ts';
import { postcodeError, validateEnquiry, type EnquiryRules } from '../../src/lib/forms/validation.ts';
import { formFields, leadBody, storableUserDetails } from '../../src/lib/forms/payload.ts';
import { leadEventId } from '../../src/lib/forms/events.ts';
import { garagePaths, gateFor, safeRedirect, signInHref } from '../../src/lib/forms/gating.ts';
import { formatAmountInput, parseAmount, MONEY_QUICK_PICKS } from '../../src/lib/forms/inputs.ts';
import { contactOf, offerValidUntil, onlineEstimateAllowed, OFFER_ACCEPTED_SUBCATEGORY, tradeInEstimate, stockMedians } from '../../src/lib/forms/trade-in.ts';
import { submitLead } from '../../src/lib/forms/submit.ts';
import { placeFields, placeValues, shownSelects } from '../../src/lib/forms/places.ts';
import { categorySelect } from '../../src/lib/forms/config.ts';
import type { Tenant } from '../../src/lib/tenant/load-tenant.ts';
import { reserveDeposit } from '../../src/lib/rules/vdp-actions.ts';

const rules: EnquiryRules = { messageRequired: true, selects: [], terms: false, postcode: 'optional', lastName: true };
const good = { name: 'Ann', email: 'ann@example.com', phone: '0412 345 678', message: 'Hi' };

describe('exact texts', () => {
  it('keeps the spec spelling', () => {
    expect(MESSAGES.unexpected).toBe('An unexpected error occured');
    expect(MESSAGES.errorListHeader).toBe('Please fix the following errors:');
    expect(MESSAGES.submitFailed).toBe('An error occurred when submitting this form');
    expect(MESSAGES.terms).toBe('*You must agree to the terms of use before submitting.');
  });
});

describe('postcode', () => {
  it('needs exactly 4 digits', () => {
    expect(postcodeError('4000')).toBeUndefined();
    for (const bad of ['400', '40000', '4,00', 'abcd', '']) expect(postcodeError(bad)).toBe('Invalid postcode. Please enter a 4-digit number.');
  });
});

describe('generic enquiry', () => {
  it('accepts a complete form', () => expect(validateEnquiry(good, rules)).toEqual([]));
  it('requires the message, labelled Comments, unless configured', () => {
    expect(validateEnquiry({ ...good, message: ' ' }, rules)).toEqual([{ field: 'message', message: 'Comments is required' }]);
    expect(validateEnquiry({ ...good, message: '' }, { ...rules, messageRequired: false })).toEqual([]);
  });
  it('requires shown selects and the terms box', () => {
    const r = { ...rules, terms: true, selects: [{ name: 'dealership_slug', label: 'Dealership' }] };
    expect(validateEnquiry(good, r).map((i) => i.message)).toEqual(['Dealership is required', MESSAGES.terms]);
    expect(validateEnquiry({ ...good, dealership_slug: 'x', terms_conditions: true }, r)).toEqual([]);
  });
  it('checks a postcode only when typed, unless required', () => {
    expect(validateEnquiry({ ...good, postcode: '12' }, rules)[0]?.message).toBe(MESSAGES.postcodeFormat);
    expect(validateEnquiry(good, { ...rules, postcode: 'required' })[0]?.message).toBe(MESSAGES.postcodeFormat);
  });
  it('needs an email or a phone, each valid', () => {
    expect(validateEnquiry({ name: 'A', message: 'x' }, rules)[0]?.field).toBe('email');
    expect(validateEnquiry({ name: 'A', message: 'x', phone: '123' }, rules)[0]?.field).toBe('phone');
    expect(validateEnquiry({ name: 'A', message: 'x', phone: '+61 412 345 678' }, rules)).toEqual([]);
  });
});

describe('payload', () => {
  it('moves ticked (check_option) boxes into additional_services and drops _radio_options', () => {
    const r = formFields({ 'Tint (check_option)': true, 'Mats (check_option)': false, colour_radio_options: 'red', name: ' Ann ' });
    expect(r).toEqual({ fields: { name: 'Ann' }, additional_services: ['Tint'] });
  });
  it('adds the lead payload fields, consent and time; opt_in false unless ticked', () => {
    const now = new Date('2026-11-22T01:02:03Z');
    const body = leadBody(
      'Vehicle Enquiry',
      { ...good, Rego: '' },
      {
        url: 'https://x/cars/a',
        userAgent: 'UA',
        car: { id: 'c1', dealership_id: 7 },
        visitedPages: ['/', '/cars/a'],
        linkedQuery: '?utm_source=g',
        consentText: 'We collect…',
        now,
        eventId: 15,
      },
    );
    expect(body).toMatchObject({
      category: 'Vehicle Enquiry',
      source: 'Website',
      url: 'https://x/cars/a',
      user_agent: 'UA',
      car_id: 'c1',
      car_dealership_id: '7',
      lead_attributes: { visited_pages: ['/', '/cars/a'], linked_query_params: { utm_source: 'g' } },
      consent_text: 'We collect…',
      consent_at: '2026-11-22T01:02:03.000Z',
      opt_in: false,
      event_id: 15,
    });
    expect(body).not.toHaveProperty('Rego');
  });
  it('stores user details only with name, email and phone', () => {
    expect(storableUserDetails({ name: 'A', email: 'a@b.co' })).toBeUndefined();
    expect(storableUserDetails({ ...good, postcode: '4000' })).toEqual({
      name: 'Ann',
      last_name: '',
      email: 'ann@example.com',
      phone: '0412 345 678',
      postcode: '4000',
    });
  });
});

describe('event ids', () => {
  it('picks 14/15/17/48/18', () => {
    expect(leadEventId('enquiry', { car_type: 'new' })).toBe(14);
    expect(leadEventId('enquiry', { car_type: 'used' })).toBe(15);
    expect(leadEventId('test-drive', { car_type: 'new' })).toBe(17);
    expect(leadEventId('test-drive', { car_type: 'used' })).toBe(48);
    expect(leadEventId('test-drive', { car_type: 'used', tag: 'Test Drive Only' })).toBe(17);
    expect(leadEventId('offer-accepted', undefined)).toBe(18);
    expect(leadEventId('enquiry', undefined)).toBeUndefined();
  });
});

describe('gating', () => {
  const on = { checkout: true, finance: true, trade_in: true, spin_to_win: true };
  it('always gates /online-payment and the garage pages', () => {
    expect(gateFor('/online-payment/', '', {})).toBe('online-payment');
    expect(gateFor('/my-garage', '', {})).toBe('my-garage');
    expect(gateFor('/mymotorama', '', {}, ['/my-garage', '/mymotorama'])).toBe('my-garage');
    // The tenant's own garage page comes from its gating config, and is gated whatever else is off.
    expect(garagePaths({ garage_path: '/mybigboxcars' })).toEqual(['/my-garage', '/mybigboxcars']);
    expect(gateFor('/mybigboxcars/', '', { garage_path: '/mybigboxcars' })).toBe('my-garage');
    expect(gateFor('/mybigboxcars', '', {})).toBeUndefined();
  });
  it('gates the per-tenant routes only when configured', () => {
    expect(gateFor('/cars/abc/checkout', '', {})).toBeUndefined();
    expect(gateFor('/cars/abc/checkout', '', on)).toBe('checkout');
    expect(gateFor('/cars/abc/buy-online', '', on)).toBe('checkout');
    expect(gateFor('/cars/trade-in', '?car_id=1', on)).toBe('trade-in');
    expect(gateFor('/personalised/finance', '?car_id=1', on)).toBe('car-finance');
    expect(gateFor('/finance', '', on)).toBe('finance');
    expect(gateFor('/spin-to-win', '', on)).toBe('spin-to-win');
  });
  it('never gates a checkout path without a car slug', () => expect(gateFor('/cars//checkout', '', on)).toBeUndefined());
  it('builds the sign-in URL and only follows local redirects', () => {
    expect(signInHref('watchlist', '/cars/a', '/cars/a')).toBe('/sign-in?type=watchlist&redirect=%2Fcars%2Fa&back=%2Fcars%2Fa');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/my-garage')).toBe('/my-garage');
  });
});

describe('money and distance inputs', () => {
  it('formats with separators and reads back digits', () => {
    expect(formatAmountInput('$12345')).toBe('12,345');
    expect(parseAmount('150,000 kms')).toBe(150000);
    expect(parseAmount('')).toBeUndefined();
    expect(MONEY_QUICK_PICKS[0]).toBe(5000);
    expect(MONEY_QUICK_PICKS.at(-1)).toBe(70000);
  });
});

describe('trade-in', () => {
  const now = new Date('2026-11-22');
  it('gives no online estimate over 7 years or 100,000 km', () => {
    expect(onlineEstimateAllowed(2019, 100000, now)).toBe(true);
    expect(onlineEstimateAllowed(2018, 50000, now)).toBe(false);
    expect(onlineEstimateAllowed(2022, 100001, now)).toBe(false);
  });
  it('estimates from the median of our stock of that make within a year, less the adjustments', () => {
    const stock = stockMedians([
      { make: 'Toyota', year: 2021, price: 30000 },
      { make: 'Toyota', year: 2022, price: 40000 },
      { make: 'Toyota', year: 2020, price: 50000 },
      { make: 'Ford', year: 2021, price: 90000 },
    ]);
    expect(stock['toyota|2023']).toBe(40000);
    // median of 30,000 / 40,000 / 50,000 is 40,000; x 0.8 = 32,000
    expect(tradeInEstimate({ make: 'toyota', year: 2021, km: 60000 }, 0, stock, now)).toBe(32000);
    // one "yes" answer: x 0.75
    expect(tradeInEstimate({ make: 'Toyota', year: 2021, km: 60000 }, 1, stock, now)).toBe(30000);
    // 5 years x 15,000 = 75,000 allowed; 95,000 km is 20,000 over: -4%
    expect(tradeInEstimate({ make: 'Toyota', year: 2021, km: 95000 }, 0, stock, now)).toBe(30400);
    expect(tradeInEstimate({ make: 'Toyota', year: 2018, km: 60000 }, 0, stock, now)).toBeUndefined();
    expect(tradeInEstimate({ make: 'Toyota', year: 2021, km: 100001 }, 0, stock, now)).toBeUndefined();
    expect(tradeInEstimate({ make: 'Kia', year: 2021, km: 10000 }, 0, stock, now)).toBeUndefined();
  });
  it('keeps an offer 7 days and accepts with 3. Offer Accepted', () => {
    expect(offerValidUntil(now).toISOString().slice(0, 10)).toBe('2026-11-29');
    expect(OFFER_ACCEPTED_SUBCATEGORY).toBe('3. Offer Accepted');
  });
});

describe('trade-in steps', () => {
  it('repeat the contact fields of the details lead, without empty ones', () => {
    expect(
      contactOf({ name: 'Ann', last_name: '', email: 'a@example.com', phone: '0412345678', odometer: '20,000', terms_conditions: true, opt_in: false }),
    ).toEqual({ name: 'Ann', email: 'a@example.com', phone: '0412345678', terms_conditions: true, opt_in: false });
  });
});

describe('reservation deposit', () => {
  it("is the car's processor deposit, else the tenant's, else $200", () => {
    expect(reserveDeposit({})).toBe(200);
    expect(reserveDeposit({ reserveDeposit: 500 })).toBe(500);
    expect(reserveDeposit({ reserveDeposit: 500, processorDeposit: 99 })).toBe(99);
  });
});

describe('submitLead', () => {
  const answer = (status: number, body: unknown) => () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  it('reads lead_id from a 201', async () => {
    expect(await submitLead({}, { key: 'k', fetch: answer(201, { lead_id: 'L1' }) })).toEqual({ ok: true, lead_id: 'L1' });
  });
  it("shows a 4xx or 502/503 answer's text, and the spec's text for a 500, an empty answer or no network", async () => {
    expect(await submitLead({}, { key: 'k', fetch: answer(422, { error: 'Please check your details' }) })).toEqual({
      ok: false,
      error: 'Please check your details',
    });
    expect(await submitLead({}, { key: 'k', fetch: answer(502, { error: 'Online reservations are unavailable right now.' }) })).toEqual({
      ok: false,
      error: 'Online reservations are unavailable right now.',
    });
    expect(await submitLead({}, { key: 'k', fetch: answer(500, { error: 'boom' }) })).toEqual({ ok: false, error: MESSAGES.submitFailed });
    expect(await submitLead({}, { key: 'k', fetch: answer(502, {}), fallback: MESSAGES.unexpected })).toEqual({
      ok: false,
      error: 'An unexpected error occured',
    });
    expect(await submitLead({}, { key: 'k', fetch: () => Promise.reject(new TypeError('offline')) })).toEqual({ ok: false, error: MESSAGES.submitFailed });
  });
  it('sends the Idempotency-Key and an empty honeypot', async () => {
    let seen: RequestInit | undefined;
    await submitLead(
      { name: 'Ann' },
      {
        key: 'abc',
        fetch: (_u, init) => {
          seen = init;
          return answer(201, { lead_id: 'L' })();
        },
      },
    );
    expect((seen?.headers as Record<string, string>)['Idempotency-Key']).toBe('abc');
    expect(JSON.parse(String(seen?.body))).toEqual({ name: 'Ann', contact_me_by_fax_only: '' });
  });
});

describe('dealership and website-location selects', () => {
  type Loc = Tenant['locations'][number];
  const loc = (id: string, name: string, dealership_slug: string, location_type = 'sales') => ({ id, name, dealership_slug, location_type }) as unknown as Loc;
  const group = {
    dealerships: [
      { slug: 'smg-toyota', name: 'Southern Toyota' },
      { slug: 'smg-ford', name: 'Southern Ford' },
    ] as unknown as Tenant['dealerships'],
    locations: [
      loc('1', 'Southern Toyota Parramatta', 'smg-toyota'),
      loc('2', 'Southern Toyota Penrith', 'smg-toyota', 'used'),
      loc('3', 'Southern Ford Dandenong', 'smg-ford'),
      loc('4', 'Southern Toyota Service', 'smg-toyota', 'service'),
    ],
  };

  it('a dealership select when the department has several dealerships; a location select when one has several locations', () => {
    const { selects, hidden } = placeFields(group, 'sales');
    expect(selects.map((s) => [s.name, s.label, s.options.map((o) => o.label)])).toEqual([
      ['dealership_slug', 'Dealership', ['Southern Toyota', 'Southern Ford Dandenong']],
      ['location_id', 'Location', ['Southern Toyota Parramatta', 'Southern Toyota Penrith', 'Southern Ford Dandenong']],
    ]);
    expect(hidden).toEqual({});
    // One service location: nothing to ask, both answers sent hidden.
    expect(placeFields(group, 'service')).toEqual({
      selects: [],
      hidden: { dealership_slug: 'smg-toyota', location_id: '4', location: 'Southern Toyota Service' },
    });
  });

  it('shows the location select only after a dealership with several locations is chosen, and derives the rest', () => {
    const { selects } = placeFields(group, 'sales');
    expect(shownSelects(selects, {}).map((s) => s.name)).toEqual(['dealership_slug']);
    expect(shownSelects(selects, { dealership_slug: 'smg-ford' }).map((s) => s.name)).toEqual(['dealership_slug']);
    expect(placeValues(selects, { dealership_slug: 'smg-ford' })).toEqual({
      location_id: '3',
      location: 'Southern Ford Dandenong',
      dealership_slug: 'smg-ford',
    });
    const toyota = shownSelects(selects, { dealership_slug: 'smg-toyota' });
    expect(toyota.map((s) => [s.name, s.options.length])).toEqual([
      ['dealership_slug', 2],
      ['location_id', 2],
    ]);
    expect(placeValues(selects, { dealership_slug: 'smg-toyota' })).toEqual({});
    expect(placeValues(selects, { dealership_slug: 'smg-toyota', location_id: '2' })).toEqual({
      location_id: '2',
      location: 'Southern Toyota Penrith',
      dealership_slug: 'smg-toyota',
    });
  });

  it('one location per dealership: the dealership select alone, and its location comes with the choice', () => {
    const oneEach = { dealerships: group.dealerships, locations: [group.locations[0]!, group.locations[2]!] };
    const { selects, hidden } = placeFields(oneEach, 'sales');
    expect(selects.map((s) => s.name)).toEqual(['dealership_slug']);
    expect(hidden).toEqual({});
    expect(placeValues(selects, { dealership_slug: 'smg-ford' })).toEqual({ location_id: '3', location: 'Southern Ford Dandenong' });
    expect(placeValues(selects, {})).toEqual({});
  });

  it('a single dealership with two yards: the location select alone, and the dealership comes from the location', () => {
    const yards = { dealerships: [], locations: [loc('7', 'Redline Caringbah', 'redline'), loc('8', 'Redline Penrith', 'redline')] };
    const { selects, hidden } = placeFields(yards, 'sales');
    expect(selects.map((s) => s.name)).toEqual(['location_id']);
    expect(hidden).toEqual({ dealership_slug: 'redline' });
    expect(shownSelects(selects, hidden).map((s) => s.name)).toEqual(['location_id']);
    expect(placeValues(selects, { ...hidden, location_id: '8' })).toEqual({ location_id: '8', location: 'Redline Penrith', dealership_slug: 'redline' });
  });

  it('the Enquiry type select comes from enquiry_types and hides with fewer than two', () => {
    expect(categorySelect({ enquiry_types: ['General Enquiry', 'Service Enquiry'] })).toEqual([
      {
        name: 'category',
        label: 'Enquiry type',
        options: [
          { value: 'General Enquiry', label: 'General Enquiry' },
          { value: 'Service Enquiry', label: 'Service Enquiry' },
        ],
      },
    ]);
    expect(categorySelect({ enquiry_types: ['General Enquiry'] })).toEqual([]);
  });
});
