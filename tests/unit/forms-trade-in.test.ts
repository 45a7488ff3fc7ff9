/** src/lib/forms/trade-in.ts: the rego state the trade-in form starts with. */
import { describe, expect, it } from 'vitest';
import { auState, defaultRegoState, DEFAULT_REGO_STATE } from '../../src/lib/forms/trade-in.ts';

describe('defaultRegoState', () => {
  it("is the dealer's own state: the primary location's, else the first location with one", () => {
    expect(defaultRegoState([{ primary: true, address: { state: 'WA' } }])).toBe('WA');
    expect(defaultRegoState([{ address: { state: 'VIC' } }, { primary: true, address: { state: 'NSW' } }])).toBe('NSW');
    expect(defaultRegoState([{ primary: true, address: {} }, { address: { state: 'Tasmania' } }])).toBe('TAS');
  });
  it("falls back to the spec's QLD, never NSW, when no location says", () => {
    expect(DEFAULT_REGO_STATE).toBe('QLD');
    expect(defaultRegoState([])).toBe('QLD');
    expect(defaultRegoState([{ primary: true, address: { state: 'Somewhere' } }])).toBe('QLD');
  });
  it('reads abbreviations and full names in any case', () => {
    expect(auState(' qld ')).toBe('QLD');
    expect(auState('New South Wales')).toBe('NSW');
    expect(auState('Australian Capital Territory')).toBe('ACT');
    expect(auState('')).toBeUndefined();
    expect(auState(undefined)).toBeUndefined();
  });
});
