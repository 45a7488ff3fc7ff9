import { describe, expect, it } from 'vitest';
import { earlierDay, isPhotoCheckDay, nextPhotoCheckDay, photoCheckSlot, revalidateDaysFor } from '../../scripts/lib/images/photo-checks.ts';

describe("a tenant's weekly photo check", () => {
  it('spreads the fleet over the seven nights', () => {
    const perSlot = Array.from({ length: 7 }, () => 0);
    for (let i = 0; i < 700; i++) perSlot[photoCheckSlot(`dealer-${i}`)]!++;
    for (const n of perSlot) expect(n).toBeGreaterThan(70); // about 100 each
  });

  it('comes once a week: the next check is 1 to 7 days ahead and is a check day', () => {
    for (const slug of ['oak-motors', 'elm-motors', 'pine-motors']) {
      const checks: string[] = [];
      let day = '2026-11-01';
      for (let i = 0; i < 28; i++) {
        if (isPhotoCheckDay(slug, day)) checks.push(day);
        const next = nextPhotoCheckDay(slug, day);
        const ahead = (Date.parse(next) - Date.parse(day)) / 86_400_000;
        expect(ahead).toBeGreaterThanOrEqual(1);
        expect(ahead).toBeLessThanOrEqual(7);
        expect(isPhotoCheckDay(slug, next)).toBe(true);
        day = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
      }
      expect(checks).toHaveLength(4);
      expect(revalidateDaysFor(slug, checks[0]!)).toBe(1);
      const dayBefore = new Date(Date.parse(nextPhotoCheckDay(slug, checks[0]!)) - 86_400_000).toISOString().slice(0, 10);
      expect(revalidateDaysFor(slug, dayBefore)).toBe(7);
    }
  });

  it('caps a build that would stay current longer', () => {
    expect(earlierDay('2026-12-20', '2026-11-30')).toBe('2026-11-30');
    expect(earlierDay('2026-11-28', '2026-11-30')).toBe('2026-11-28');
  });
});
