import { describe, expect, it } from 'vitest';
import { formatAmountInput, parseAmount, MONEY_QUICK_PICKS } from '../../src/lib/forms/inputs.ts';

describe('money and distance inputs', () => {
  it('formats with separators and reads back digits', () => {
    expect(formatAmountInput('$12345')).toBe('12,345');
    expect(parseAmount('150,000 kms')).toBe(150000);
    expect(parseAmount('')).toBeUndefined();
    expect(MONEY_QUICK_PICKS[0]).toBe(5000);
    expect(MONEY_QUICK_PICKS.at(-1)).toBe(70000);
  });
});
