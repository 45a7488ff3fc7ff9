import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/forms/messages.ts';
import { postcodeError, validateEnquiry, type EnquiryRules } from '../../src/lib/forms/validation.ts';

const rules: EnquiryRules = { messageRequired: true, selects: [], terms: false, postcode: 'optional', lastName: true };

const good = { name: 'Ann', email: 'ann@example.com', phone: '0412 345 678', message: 'Hi' };

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
