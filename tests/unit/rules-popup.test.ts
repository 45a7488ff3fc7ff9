import { describe, expect, it } from 'vitest';
import { popupVisible } from '../../src/lib/rules/popup.ts';
import { expiryInstant } from '../../src/lib/rules/tenant-clock.ts';

describe('popupVisible', () => {
  const now = Date.parse('2026-11-22T12:00:00+10:00');
  it('hides the popup once closed or expired', () => {
    expect(popupVisible(undefined, now, false)).toBe(true);
    expect(popupVisible(undefined, now, true)).toBe(false);
    expect(popupVisible(expiryInstant('2026-11-22', 'Australia/Brisbane'), now, false)).toBe(true);
    expect(popupVisible(expiryInstant('2026-11-21', 'Australia/Brisbane'), now, false)).toBe(false);
    expect(popupVisible(expiryInstant('2026-11-22T11:00:00+10:00', 'Australia/Brisbane'), now, false)).toBe(false);
  });

  it('a date shows through that whole day where the dealer is: a Perth popup is still up at 11 pm in Perth', () => {
    const perthLate = Date.parse('2026-11-22T23:00:00+08:00');
    expect(popupVisible(expiryInstant('2026-11-22', 'Australia/Perth'), perthLate, false)).toBe(true);
    // The old fixed Brisbane end (10 pm in Perth) had hidden it two hours early.
    expect(popupVisible(expiryInstant('2026-11-22', 'Australia/Brisbane'), perthLate, false)).toBe(false);
    expect(popupVisible(expiryInstant('2026-11-22', 'Australia/Perth'), Date.parse('2026-11-23T00:00:01+08:00'), false)).toBe(false);
  });
});
