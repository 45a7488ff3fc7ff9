import { describe, expect, it } from 'vitest';
import { placeFields, placeValues, shownSelects } from '../../src/lib/forms/places.ts';
import { categorySelect } from '../../src/lib/forms/config.ts';
import type { Tenant } from '../../src/lib/tenant/load-tenant.ts';

describe('dealership and website-location selects', () => {
  type Loc = Tenant['locations'][number];
  const loc = (id: string, name: string, dealership_slug: string, location_type = 'sales') => ({ id, name, dealership_slug, location_type }) as unknown as Loc;
  const group = {
    dealerships: [
      { slug: 'smg-toyota', name: 'Southern Toyota' },
      { slug: 'smg-ford', name: 'Southern Ford' },
    ] as unknown as Tenant['dealerships'],
    locations: [
      loc('1', 'Southern Toyota Parramatta', 'smg-toyota'),
      loc('2', 'Southern Toyota Penrith', 'smg-toyota', 'used'),
      loc('3', 'Southern Ford Dandenong', 'smg-ford'),
      loc('4', 'Southern Toyota Service', 'smg-toyota', 'service'),
    ],
  };

  it('a dealership select when the department has several dealerships; a location select when one has several locations', () => {
    const { selects, hidden } = placeFields(group, 'sales');
    expect(selects.map((s) => [s.name, s.label, s.options.map((o) => o.label)])).toEqual([
      ['dealership_slug', 'Dealership', ['Southern Toyota', 'Southern Ford Dandenong']],
      ['location_id', 'Location', ['Southern Toyota Parramatta', 'Southern Toyota Penrith', 'Southern Ford Dandenong']],
    ]);
    expect(hidden).toEqual({});
    // One service location: nothing to ask, both answers sent hidden.
    expect(placeFields(group, 'service')).toEqual({
      selects: [],
      hidden: { dealership_slug: 'smg-toyota', location_id: '4', location: 'Southern Toyota Service' },
    });
  });

  it('shows the location select only after a dealership with several locations is chosen, and derives the rest', () => {
    const { selects } = placeFields(group, 'sales');
    expect(shownSelects(selects, {}).map((s) => s.name)).toEqual(['dealership_slug']);
    expect(shownSelects(selects, { dealership_slug: 'smg-ford' }).map((s) => s.name)).toEqual(['dealership_slug']);
    expect(placeValues(selects, { dealership_slug: 'smg-ford' })).toEqual({
      location_id: '3',
      location: 'Southern Ford Dandenong',
      dealership_slug: 'smg-ford',
    });
    const toyota = shownSelects(selects, { dealership_slug: 'smg-toyota' });
    expect(toyota.map((s) => [s.name, s.options.length])).toEqual([
      ['dealership_slug', 2],
      ['location_id', 2],
    ]);
    expect(placeValues(selects, { dealership_slug: 'smg-toyota' })).toEqual({});
    expect(placeValues(selects, { dealership_slug: 'smg-toyota', location_id: '2' })).toEqual({
      location_id: '2',
      location: 'Southern Toyota Penrith',
      dealership_slug: 'smg-toyota',
    });
  });

  it('one location per dealership: the dealership select alone, and its location comes with the choice', () => {
    const oneEach = { dealerships: group.dealerships, locations: [group.locations[0]!, group.locations[2]!] };
    const { selects, hidden } = placeFields(oneEach, 'sales');
    expect(selects.map((s) => s.name)).toEqual(['dealership_slug']);
    expect(hidden).toEqual({});
    expect(placeValues(selects, { dealership_slug: 'smg-ford' })).toEqual({ location_id: '3', location: 'Southern Ford Dandenong' });
    expect(placeValues(selects, {})).toEqual({});
  });

  it('a single dealership with two yards: the location select alone, and the dealership comes from the location', () => {
    const yards = { dealerships: [], locations: [loc('7', 'Redline Caringbah', 'redline'), loc('8', 'Redline Penrith', 'redline')] };
    const { selects, hidden } = placeFields(yards, 'sales');
    expect(selects.map((s) => s.name)).toEqual(['location_id']);
    expect(hidden).toEqual({ dealership_slug: 'redline' });
    expect(shownSelects(selects, hidden).map((s) => s.name)).toEqual(['location_id']);
    expect(placeValues(selects, { ...hidden, location_id: '8' })).toEqual({ location_id: '8', location: 'Redline Penrith', dealership_slug: 'redline' });
  });

  it('the Enquiry type select comes from enquiry_types and hides with fewer than two', () => {
    expect(categorySelect({ enquiry_types: ['General Enquiry', 'Service Enquiry'] })).toEqual([
      {
        name: 'category',
        label: 'Enquiry type',
        options: [
          { value: 'General Enquiry', label: 'General Enquiry' },
          { value: 'Service Enquiry', label: 'Service Enquiry' },
        ],
      },
    ]);
    expect(categorySelect({ enquiry_types: ['General Enquiry'] })).toEqual([]);
  });
});
