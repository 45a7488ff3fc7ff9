import { describe, expect, it } from 'vitest';
import { groupOpeningHours, openingHoursSpecification, specialHoursLines, specialOpeningHoursSpecification } from '../../src/lib/rules/opening-hours.ts';
import {
  departmentOf,
  groupByDealership,
  locationGridColumns,
  matchesLocationQuery,
  selectLocations,
  sharedAddressGroup,
  sortLocations,
  type LocationLike,
} from '../../src/lib/rules/locations.ts';

const day = (weekday: number, open = '08:30', close = '17:30') => ({ weekday, status: 'Open' as const, open, close });
const closed = (weekday: number) => ({ weekday, status: 'Closed' as const });

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

const loc = (id: string, over: Partial<LocationLike> = {}): LocationLike => ({
  id,
  name: `Location ${id}`,
  primary: false,
  visible: true,
  location_type: 'sales',
  dealership_slug: 'd1',
  address: { street: `${id} Main Road`, postcode: '2000' },
  ...over,
});

describe('locations', () => {
  const all = [
    loc('1', { location_type: 'parts', dealership_slug: 'a' }),
    loc('2', { location_type: 'service', dealership_slug: 'a' }),
    loc('3', { location_type: '', primary: true, dealership_slug: 'a' }),
    loc('4', { location_type: 'sales', location_subtype: 'Pre-owned sales', dealership_slug: 'b' }),
    loc('5', { location_type: 'sales', visible: false }),
    loc('6', { location_type: 'used', dealership_slug: 'b' }),
  ];
  it('treats an empty type as sales and a pre-owned sales subtype as used', () => {
    expect(departmentOf({ location_type: '' })).toBe('sales');
    expect(departmentOf({ location_type: 'sales', location_subtype: 'Pre-owned Sales and buying' })).toBe('used');
    expect(departmentOf({ location_type: 'service' })).toBe('service');
  });
  it('sorts visible locations sales, used, service, parts', () => {
    expect(sortLocations(all).map((l) => l.id)).toEqual(['3', '4', '6', '2', '1']);
  });
  it('filters the location block by primary, department, service-and-parts, all or an id', () => {
    expect(selectLocations(all, 'primary').map((l) => l.id)).toEqual(['3']);
    expect(selectLocations(all, 'sales').map((l) => l.id)).toEqual(['3', '4', '6']);
    expect(selectLocations(all, 'service').map((l) => l.id)).toEqual(['2']);
    expect(selectLocations(all, 'parts').map((l) => l.id)).toEqual(['1']);
    expect(selectLocations(all, 'service-and-parts').map((l) => l.id)).toEqual(['2', '1']);
    expect(selectLocations(all, 'all')).toHaveLength(5);
    expect(selectLocations(all, '6').map((l) => l.id)).toEqual(['6']);
    expect(selectLocations(all, '5')).toEqual([]);
  });
  it('picks the card grid columns by how many locations there are', () => {
    expect(locationGridColumns(1)).toBe(1);
    expect(locationGridColumns(2)).toBe(2);
    expect(locationGridColumns(3)).toBe(3);
    expect(locationGridColumns(4)).toBe(4);
    expect(locationGridColumns(5)).toBe(4);
    expect(locationGridColumns(6)).toBe(3);
    expect(locationGridColumns(7)).toBe(4);
  });
  it('makes one directory card per dealership with department tabs in order', () => {
    const cards = groupByDealership(all);
    expect(cards.map((c) => c.dealership_slug)).toEqual(['a', 'b']);
    expect(cards[0]?.departments.map((d) => d.department)).toEqual(['sales', 'service', 'parts']);
    expect(cards[1]?.departments.map((d) => d.department)).toEqual(['used']);
    expect(cards[1]?.departments[0]?.locations.map((l) => l.id)).toEqual(['4', '6']);
  });
  it('finds the locations sharing an address for the Sales / Service / Parts selector', () => {
    const shared = [
      loc('s', { address: { street: '85 Church Street', postcode: '2150' } }),
      loc('v', { location_type: 'service', address: { street: '85 Church St'.replace('St', 'Street'), postcode: '2150' } }),
      loc('p', { location_type: 'parts', address: { street: '85  church street', postcode: '2150' } }),
      loc('x', { address: { street: '85 Church Street', postcode: '3000' } }),
    ];
    expect(sharedAddressGroup(shared[1]!, shared).map((l) => l.id)).toEqual(['s', 'v', 'p']);
    expect(sharedAddressGroup(shared[3]!, shared)).toEqual([]);
  });
  it('matches the locationQuery words against name and address', () => {
    expect(matchesLocationQuery('southern ford dandenong 110 princes highway dandenong vic 3175', 'ford VIC')).toBe(true);
    expect(matchesLocationQuery('southern ford dandenong', 'toyota')).toBe(false);
    expect(matchesLocationQuery('anything', '  ')).toBe(true);
  });
});
