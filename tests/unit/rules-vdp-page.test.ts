import { describe, expect, it } from 'vitest';
import { isStickyBarShown, isStickyHeaderShown, shareUrl, shareWindowFeatures, vehicleBreadcrumbs } from '../../src/lib/rules/vdp-page.ts';

describe('page rules', () => {
  it('sticky header after 500 px, sticky bar after 900 px', () => {
    expect([isStickyHeaderShown(500), isStickyHeaderShown(501)]).toEqual([false, true]);
    expect([isStickyBarShown(900), isStickyBarShown(901)]).toEqual([false, true]);
  });
  it('share URL trims the trailing slash; share window 550x400', () => {
    expect(shareUrl('https://dealer.com.au/', '/cars/x')).toBe('https://dealer.com.au/cars/x');
    expect(shareWindowFeatures({ width: 1650, height: 1000 })).toBe('width=550,height=400,left=550,top=300,noopener');
  });
  it('breadcrumbs: Home > car type > make > model > body > title', () => {
    const opts = {
      href: (r: Record<string, string[] | undefined>) =>
        `/s?${Object.entries(r)
          .map(([k, v]) => `${k}=${v?.join(',')}`)
          .join('&')}`,
      makeModel: (make: string, model: string) => `${make} > ${model}`,
      isKnownModel: (mm: string) => mm === 'Toyota > Land Cruiser',
      bodyLabel: (b: string | undefined) => b?.toUpperCase(),
    };
    const crumbs = vehicleBreadcrumbs({ car_type: 'used', make: 'Toyota', model: 'Land Cruiser', simple_body: 'suv' }, '2020 Toyota Land Cruiser', opts);
    expect(crumbs).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/s?car_type=used' },
      { label: 'Toyota', href: '/s?car_type=used&make=Toyota' },
      { label: 'Land Cruiser', href: '/s?car_type=used&make=Toyota&make_model=Toyota > Land Cruiser' },
      { label: 'SUV', href: '/s?car_type=used&make=Toyota&make_model=Toyota > Land Cruiser&body=suv' },
      { label: '2020 Toyota Land Cruiser' },
    ]);
    // An unknown model is left out; the body follows the make.
    const other = vehicleBreadcrumbs({ car_type: 'new', make: 'Kia', model: 'X', simple_body: 'suv' }, 't', opts);
    expect(other.map((c) => c.label)).toEqual(['Home', 'New Cars', 'Kia', 'SUV', 't']);
  });
});
