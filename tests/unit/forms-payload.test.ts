import { describe, expect, it } from 'vitest';
import { formFields, leadBody, storableUserDetails } from '../../src/lib/forms/payload.ts';

const good = { name: 'Ann', email: 'ann@example.com', phone: '0412 345 678', message: 'Hi' };

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
