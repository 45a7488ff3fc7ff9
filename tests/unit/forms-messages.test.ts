import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/forms/messages.ts';

describe('exact texts', () => {
  it('keeps the spec spelling', () => {
    expect(MESSAGES.unexpected).toBe('An unexpected error occured');
    expect(MESSAGES.errorListHeader).toBe('Please fix the following errors:');
    expect(MESSAGES.submitFailed).toBe('An error occurred when submitting this form');
    expect(MESSAGES.terms).toBe('*You must agree to the terms of use before submitting.');
  });
});
