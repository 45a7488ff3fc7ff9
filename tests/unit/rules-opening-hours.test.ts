import { describe, expect, it } from 'vitest';
import { groupOpeningHours, openingHoursSpecification, specialHoursLines, specialOpeningHoursSpecification } from '../../src/lib/rules/opening-hours.ts';

const day = (weekday: number, open = '08:30', close = '17:30') => ({ weekday, status: 'Open' as const, open, close });

const closed = (weekday: number) => ({ weekday, status: 'Closed' as const });

describe('groupOpeningHours', () => {
  const day = (weekday: number, open = '08:30', close = '17:30') => ({ weekday, status: 'Open' as const, open, close });
  it('groups Monday to Friday when equal; Saturday and Sunday separate', () => {
    const lines = groupOpeningHours([1, 2, 3, 4, 5].map((d) => day(d)).concat([day(6, '09:00', '17:00')]));
    expect(lines).toEqual([
      { days: 'Monday - Friday', hours: '8:30am - 5:30pm' },
      { days: 'Saturday', hours: '9:00am - 5:00pm' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });
  it('lists weekdays separately when they differ, and reads By appointment only where configured', () => {
    const lines = groupOpeningHours([day(1), day(2), day(3), day(4, '08:30', '20:00'), day(5)], true);
    expect(lines).toHaveLength(7);
    expect(lines[3]).toEqual({ days: 'Thursday', hours: '8:30am - 8:00pm' });
    expect(lines[6]).toEqual({ days: 'Sunday', hours: 'By appointment only' });
  });
});

describe('opening hours display', () => {
  it('groups Monday to Friday when all five are equal; Saturday and Sunday always separate', () => {
    const week = [closed(0), day(1), day(2), day(3), day(4), day(5), day(6, '08:30', '16:00')];
    expect(groupOpeningHours(week)).toEqual([
      { days: 'Monday - Friday', hours: '8:30am - 5:30pm' },
      { days: 'Saturday', hours: '8:30am - 4:00pm' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
    // Saturday equal to the weekdays is still its own line.
    expect(groupOpeningHours([1, 2, 3, 4, 5, 6].map((d) => day(d)))).toHaveLength(3);
  });
  it('lists each weekday when one differs (late Thursday)', () => {
    const lines = groupOpeningHours([day(1), day(2), day(3), day(4, '09:00', '20:00'), day(5), day(6), closed(0)]);
    expect(lines.map((l) => l.days)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(lines[3]?.hours).toBe('9:00am - 8:00pm');
  });
  it('reads By appointment only for closed days where configured, Closed otherwise', () => {
    const week = [closed(0), day(1), day(2), day(3), day(4), day(5), closed(6)];
    expect(groupOpeningHours(week, true).slice(1)).toEqual([
      { days: 'Saturday', hours: 'By appointment only' },
      { days: 'Sunday', hours: 'By appointment only' },
    ]);
    expect(groupOpeningHours(week, false)[2]).toEqual({ days: 'Sunday', hours: 'Closed' });
  });
  it('lists upcoming holiday hours for the dialog, in date order, in either hours shape', () => {
    const special = [
      { date: '2027-01-01', status: 'Closed' as const, name: "New Year's Day" },
      { date: '2026-12-26', status: 'Open' as const, name: 'Boxing Day', hours: { begin: '09:00', end: '13:00' } },
      { date: '2026-12-25', status: 'Closed' as const, name: 'Christmas Day' },
      { date: '2026-11-01', status: 'Closed' as const, name: 'Past' },
      { date: '2026-12-27', status: 'Open' as const, start_hour: '10:00', end_hour: '16:00' },
    ];
    expect(specialHoursLines(special, '2026-11-22')).toEqual([
      { date: '2026-12-25', label: 'Friday 25 December 2026', name: 'Christmas Day', hours: 'Closed' },
      { date: '2026-12-26', label: 'Saturday 26 December 2026', name: 'Boxing Day', hours: '9:00am - 1:00pm' },
      { date: '2026-12-27', label: 'Sunday 27 December 2026', name: undefined, hours: '10:00am - 4:00pm' },
      { date: '2027-01-01', label: 'Friday 1 January 2027', name: "New Year's Day", hours: 'Closed' },
    ]);
    expect(specialOpeningHoursSpecification(special, '2026-11-22')[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      opens: '00:00',
      closes: '00:00',
      validFrom: '2026-12-25',
      validThrough: '2026-12-25',
    });
  });
  it('gives schema.org opening hours for open days only, Monday first', () => {
    const spec = openingHoursSpecification([closed(0), day(6, '9:00', '16:00'), day(1)]);
    expect(spec).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '08:30', closes: '17:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '09:00', closes: '16:00' },
    ]);
  });
});
