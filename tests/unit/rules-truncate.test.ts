import { describe, expect, it } from 'vitest';
import { CARD_TEXT_LIMIT, truncateText } from '../../src/lib/rules/truncate.ts';

describe('truncateText (offer disclaimers and blog descriptions on cards)', () => {
  it('keeps text of up to 100 characters and cuts longer text at 100 with an ellipsis', () => {
    expect(CARD_TEXT_LIMIT).toBe(100);
    const exact = 'x'.repeat(100);
    expect(truncateText(exact)).toBe(exact);
    expect(truncateText(`${exact}y`)).toBe(`${exact}...`);
    const long = 'Offer ends 31 December. Available on new vehicles purchased and delivered between 1 and 31 December 2026 at participating dealers.';
    expect(truncateText(long)).toBe(`${long.slice(0, 100).trimEnd()}...`);
    expect(truncateText(long).length).toBeLessThanOrEqual(103);
  });
  it('never leaves a space before the ellipsis', () => {
    const text = `${'a'.repeat(99)} bcd`;
    expect(truncateText(text)).toBe(`${'a'.repeat(99)}...`);
  });
});
