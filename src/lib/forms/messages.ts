/** The spec's exact form texts (both spec files, sections 5 and 8). Spelling is the spec's, typos included. */
export const MESSAGES = {
  errorListHeader: 'Please fix the following errors:',
  postcodeFormat: 'Invalid postcode. Please enter a 4-digit number.',
  postcodeUnknown: 'Invalid postcode',
  terms: '*You must agree to the terms of use before submitting.',
  termsNotice: '* You must agree to the terms of use before submitting the form.',
  submitFailed: 'An error occurred when submitting this form',
  // Spelled exactly as the spec has it.
  unexpected: 'An unexpected error occured',
  required: (label: string) => `${label} is required`,
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid Australian phone number',
  emailOrPhone: 'Please enter an email address or a phone number',
} as const;
