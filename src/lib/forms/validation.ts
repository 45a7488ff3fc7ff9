/** Field rules of the spec's forms; each returns the exact message a shopper sees, or nothing. */
import { MESSAGES } from './messages.ts';

export interface Issue {
  field: string;
  message: string;
}

/** Shared postcode rule: required, exactly 4 digits (the input also has maxLength 4). */
export function postcodeError(value: string): string | undefined {
  return /^\d{4}$/.test(value.trim()) ? undefined : MESSAGES.postcodeFormat;
}

export function emailError(value: string): string | undefined {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : MESSAGES.email;
}

/** Any Australian number: 10 digits starting 0, or +61 and 9 digits (spaces, dashes, brackets ignored). */
export function phoneError(value: string): string | undefined {
  const digits = value.replace(/[\s()-]/g, '');
  return /^(?:0\d{9}|\+61\d{9}|61\d{9})$/.test(digits) ? undefined : MESSAGES.phone;
}

/** Which optional parts of the generic enquiry form a tenant/page shows. */
export interface EnquiryRules {
  /** Spec: message required unless a flag says otherwise (features.message_optional). */
  messageRequired: boolean;
  /** Selects shown on this form: each is required when shown. */
  selects: { name: string; label: string }[];
  /** features.terms_checkbox: terms_conditions must be ticked. */
  terms: boolean;
  postcode: 'required' | 'optional' | 'hidden';
  lastName: boolean;
}

export type FormValues = Record<string, string | boolean>;

const text = (v: FormValues, k: string) => (typeof v[k] === 'string' ? (v[k] as string).trim() : '');

/** Validates the generic enquiry form; the list is shown under 'Please fix the following errors:'. */
export function validateEnquiry(values: FormValues, rules: EnquiryRules): Issue[] {
  const issues: Issue[] = [];
  const add = (field: string, message: string | undefined) => {
    if (message) issues.push({ field, message });
  };
  if (!text(values, 'name')) add('name', MESSAGES.required(rules.lastName ? 'First Name' : 'Name'));
  const email = text(values, 'email');
  const phone = text(values, 'phone');
  if (!email && !phone) add('email', MESSAGES.emailOrPhone);
  if (email) add('email', emailError(email));
  if (phone) add('phone', phoneError(phone));
  const postcode = text(values, 'postcode');
  if (rules.postcode === 'required' || (rules.postcode === 'optional' && postcode)) add('postcode', postcodeError(postcode));
  for (const s of rules.selects) if (!text(values, s.name)) add(s.name, MESSAGES.required(s.label));
  if (rules.messageRequired && !text(values, 'message')) add('message', MESSAGES.required('Comments'));
  if (rules.terms && values['terms_conditions'] !== true) add('terms_conditions', MESSAGES.terms);
  return issues;
}
