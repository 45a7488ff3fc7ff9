import { describe, expect, it } from 'vitest';
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
