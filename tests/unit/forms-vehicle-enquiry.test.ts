/** src/lib/forms/vehicle-enquiry.ts: the enquiry prefill of the spec (section 3, "Enquiry prefill"). */
import { describe, expect, it } from 'vitest';
import { manufacturerFor } from '../../src/lib/rules/manufacturers.ts';
import { manufacturerSlug, quickEnquiryProps, vehicleEnquiryHidden, vehicleEnquirySubcategory } from '../../src/lib/forms/vehicle-enquiry.ts';

const car = { make: 'Mercedes-Benz', model: 'GLC 300', car_type: 'used', status: 'in_stock', stocknum: 'U123', dealership_slug: 'southern-toyota' };

describe('vehicle enquiry prefill', () => {
  it("carries the spec's fields, manufacturer_slug and subcategory included", () => {
    expect(vehicleEnquiryHidden(car)).toEqual({
      dealership_slug: 'southern-toyota',
      manufacturer_slug: 'mercedes-benz',
      stock_number: 'U123',
      'Vehicle Make': 'Mercedes-Benz',
      'Vehicle Model': 'GLC 300',
      car_type: 'used',
      vehicle_status: 'in_stock',
      subcategory: 'Used Vehicle',
    });
  });
  it('the Quick Enquiry on a search card sends the same fields the vehicle page does', () => {
    const quick = quickEnquiryProps({ id: '9', name: 'x', slug: 'x', ...car, model: car.model });
    expect(quick.hidden).toEqual(vehicleEnquiryHidden(car));
    expect(Object.keys(quickEnquiryProps({ id: '9', name: 'x', slug: 'x', make: 'Kia', car_type: 'new', status: 'in_stock' }).hidden)).toEqual([
      'manufacturer_slug',
      'Vehicle Make',
      'Vehicle Model',
      'car_type',
      'vehicle_status',
      'subcategory',
    ]);
  });
  it("the manufacturer slug is the manufacturer pages' slug", () => {
    for (const make of ['Toyota', 'Mercedes-Benz', 'Land Rover', 'GWM', ' mazda ', 'Alfa Romeo', 'Some New Make']) {
      expect(manufacturerSlug(make), make).toBe(manufacturerFor(make).slug);
    }
  });
  it('subcategory by condition; demo is its own, anything else counts as new', () => {
    expect(vehicleEnquirySubcategory('new')).toBe('New Vehicle');
    expect(vehicleEnquirySubcategory('Used')).toBe('Used Vehicle');
    expect(vehicleEnquirySubcategory('demo')).toBe('Demo Vehicle');
  });
});
