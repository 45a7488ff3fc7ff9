import { describe, expect, it } from 'vitest';
import { popupVisible } from '../../src/lib/rules/popup.ts';

describe('popupVisible', () => {
  const now = Date.parse('2026-11-22T12:00:00+10:00');
  it('hides the popup once closed or expired', () => {
    expect(popupVisible(undefined, now, false)).toBe(true);
    expect(popupVisible(undefined, now, true)).toBe(false);
    expect(popupVisible('2026-11-22', now, false)).toBe(true);
    expect(popupVisible('2026-11-21', now, false)).toBe(false);
    expect(popupVisible('2026-11-22T11:00:00+10:00', now, false)).toBe(false);
  });
});
