/** src/lib/rules/reserve-terms.ts: one deposit and label for the Reserve button, the checkout page and the functions. */
import { describe, expect, it } from 'vitest';
import { reserveTerms } from '../../src/lib/rules/reserve-terms.ts';
import { reserveLabel } from '../../src/lib/rules/vdp-actions.ts';
import { readVdpExtras } from '../../src/lib/schemas/vdp-extras.ts';

/** A car with these exported extras, read as ingest reads them. */
const car = (raw: Record<string, unknown> = {}) => ({ extras: readVdpExtras(raw).extras });

describe('reserveTerms', () => {
  it("the car's payment processor deposit, else the tenant's, else the spec's $200", () => {
    expect(reserveTerms(car(), {})).toEqual({ deposit: 200, label: 'Reserve for $200' });
    expect(reserveTerms(car(), { deposit: 500 })).toEqual({ deposit: 500, label: 'Reserve for $500' });
    expect(reserveTerms(car({ payment_processors: [{ name: 'Stripe', deposit: 250 }] }), { deposit: 500 })).toEqual({
      deposit: 250,
      label: 'Reserve for $250',
    });
    expect(reserveTerms(car({ payment_processors: { deposit: '$99' } }), {})).toEqual({ deposit: 99, label: 'Reserve for $99' });
  });

  it("a tenant label that names its own deposit never sits beside a car's different deposit", () => {
    expect(reserveTerms(car(), { deposit: 500, label: 'Reserve for $500' }).label).toBe('Reserve for $500');
    expect(reserveTerms(car({ payment_processors: [{ deposit: 250 }] }), { deposit: 500, label: 'Reserve for $500' })).toEqual({
      deposit: 250,
      label: 'Reserve for $250',
    });
    expect(reserveLabel({ reserveLabel: 'Reserve for $500', processorDeposit: 250 })).toBe('Reserve for $250');
  });

  it("the processor's label when it has one; a zero, negative or malformed deposit counts as none", () => {
    expect(reserveTerms(car({ payment_processors: [{ label: 'Pay a $99 deposit', deposit: 99 }] }), { deposit: 500 })).toEqual({
      deposit: 99,
      label: 'Pay a $99 deposit',
    });
    expect(reserveTerms(car({ payment_processors: [{ deposit: 0 }] }), { deposit: 500 }).deposit).toBe(500);
    expect(reserveTerms(car({ payment_processors: [{ deposit: -5 }] }), { deposit: 500 }).deposit).toBe(500);
    expect(reserveTerms(car({ payment_processors: 'stripe' }), { deposit: 500 }).deposit).toBe(500);
  });
});
