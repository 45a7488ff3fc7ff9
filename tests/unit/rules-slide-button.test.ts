import { describe, expect, it } from 'vitest';
import { slideButtonLabel } from '../../src/lib/rules/slide-button.ts';

describe('slideButtonLabel', () => {
  it('reads Explore for a model url, Latest Offers for a finance url, else Learn More', () => {
    expect(slideButtonLabel('/models/hilux')).toBe('Explore');
    expect(slideButtonLabel('https://example.com/new-models/corolla')).toBe('Explore');
    expect(slideButtonLabel('/finance')).toBe('Latest Offers');
    expect(slideButtonLabel('/apply-for-finance?x=1')).toBe('Latest Offers');
    expect(slideButtonLabel('/special-offers')).toBe('Learn More');
    expect(slideButtonLabel('')).toBe('Learn More');
  });
  it('checks model before finance, ignoring case', () => {
    expect(slideButtonLabel('/models/rav4?finance=1')).toBe('Explore');
    expect(slideButtonLabel('/FINANCE')).toBe('Latest Offers');
  });
});
