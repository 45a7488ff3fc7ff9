import { describe, expect, it } from 'vitest';
import { formatAmountInput, moneyQuickPicks, typedAmount, MONEY_QUICK_PICKS } from '../../src/lib/forms/inputs.ts';

describe('money and distance inputs', () => {
  it('formats with separators and reads back digits', () => {
    expect(formatAmountInput('$12345')).toBe('12,345');
    expect(typedAmount('150,000 kms')).toBe(150000);
    expect(typedAmount('')).toBeUndefined();
    expect(MONEY_QUICK_PICKS[0]).toBe(5000);
    expect(MONEY_QUICK_PICKS.at(-1)).toBe(70000);
  });
  it("the spec's one dealership group (features.high_money_quick_picks) picks from $300,000 to $800,000", () => {
    expect(moneyQuickPicks({ high_money_quick_picks: false })).toBe(MONEY_QUICK_PICKS);
    const high = moneyQuickPicks({ high_money_quick_picks: true });
    expect([high[0], high.at(-1)]).toEqual([300000, 800000]);
  });
});
