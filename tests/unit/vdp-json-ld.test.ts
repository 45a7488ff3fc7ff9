import { describe, expect, it } from 'vitest';
import { jsonLdScript, vehicleJsonLd } from '../../src/lib/vdp/json-ld.ts';

describe('structured data', () => {
  it('describes a Car with an Offer sold by an AutoDealer, and escapes <', () => {
    const ld = vehicleJsonLd(
      {
        name: '2022 Kia EV6 <b>',
        make: 'Kia',
        model: 'EV6',
        car_type: 'used',
        status: 'in_stock',
        available: true,
        km: 12000,
        vin: 'KNA123',
        price: 55990,
        url: 'https://d.au/cars/x',
      },
      { name: 'Dealer', url: 'https://d.au' },
    );
    expect(ld).toMatchObject({
      '@type': 'Car',
      vehicleIdentificationNumber: 'KNA123',
      mileageFromOdometer: { value: 12000, unitCode: 'KMT' },
      offers: {
        '@type': 'Offer',
        price: 55990,
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'AutoDealer', name: 'Dealer' },
      },
    });
    expect(jsonLdScript(ld)).not.toContain('<');
    const sold = vehicleJsonLd({ name: 'x', make: 'Kia', car_type: 'used', status: 'sold', available: false, url: 'u' }, { name: 'D', url: 'u' });
    expect((sold['offers'] as { availability: string }).availability).toBe('https://schema.org/SoldOut');
  });
});
