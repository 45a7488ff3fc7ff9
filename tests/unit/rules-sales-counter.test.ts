import { describe, expect, it } from 'vitest';
import { SALES_COUNTER_REFRESH_MS, salesThisMonth } from '../../src/lib/rules/sales-counter.ts';

describe('salesThisMonth: 192 a day, one per 450 s of the day in Australia/Brisbane', () => {
  const brisbane = (iso: string) => Date.parse(`${iso}+10:00`);
  it('counts whole days of the month at 192 each', () => {
    expect(salesThisMonth(brisbane('2026-11-01T00:00:00'))).toBe(0);
    expect(salesThisMonth(brisbane('2026-11-02T00:00:00'))).toBe(192);
    expect(salesThisMonth(brisbane('2026-11-22T00:00:00'))).toBe(21 * 192);
  });
  it('adds one per 450 seconds since Brisbane midnight', () => {
    expect(salesThisMonth(brisbane('2026-11-22T00:07:29'))).toBe(4032);
    expect(salesThisMonth(brisbane('2026-11-22T00:07:30'))).toBe(4033);
    expect(salesThisMonth(brisbane('2026-11-22T23:59:59'))).toBe(4032 + 191);
    // UTC midnight is 10:00 in Brisbane: 36000 / 450 = 80.
    expect(salesThisMonth(Date.parse('2026-11-22T00:00:00Z'))).toBe(4032 + 80);
  });
  it('uses the Brisbane date, not UTC, around the month boundary', () => {
    // 30 Nov 14:00 UTC is 1 Dec 00:00 in Brisbane.
    expect(salesThisMonth(Date.parse('2026-11-30T14:00:00Z'))).toBe(0);
    expect(salesThisMonth(Date.parse('2026-11-30T13:59:59Z'))).toBe(29 * 192 + 191);
  });
  it('refreshes every 150 seconds', () => {
    expect(SALES_COUNTER_REFRESH_MS).toBe(150_000);
  });
});
