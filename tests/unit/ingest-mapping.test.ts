import { describe, expect, it } from 'vitest';
import { mapRecord, readPrice, splitList } from '../../src/lib/ingest/mapping.ts';

describe('mapping', () => {
  it('applies values, money, numbers, city/state and image lists', () => {
    const source = {
      keep_unmapped: true,
      mapping: {
        id: 'StockNo',
        stocknum: 'StockNo',
        car_type: { from: 'UsedOrNew', values: { USED: 'used', NEW: 'new' }, separator: '|' },
        price: { from: 'Price', transform: 'money' as const, separator: '|' },
        km: { from: 'Odometer', transform: 'integer' as const, separator: '|' },
        city: { from: 'Location', transform: 'city' as const, separator: '|' },
        state: { from: 'Location', transform: 'state' as const, separator: '|' },
        images: { from: 'Photos', transform: 'images' as const, separator: '|' },
      },
    };
    const out = mapRecord(
      { StockNo: 'A1', UsedOrNew: 'used', Price: '$31,990', Odometer: '45,210 km', Location: 'Caringbah, NSW', Photos: 'a.jpg| b.jpg', make: 'Kia' },
      source,
    );
    expect(out).toMatchObject({ id: 'A1', stocknum: 'A1', car_type: 'used', price: 31990, km: 45210, city: 'Caringbah', state: 'NSW', make: 'Kia' });
    expect(out['images']).toEqual([{ image: { url: 'a.jpg' } }, { image: { url: 'b.jpg' } }]);
    expect(mapRecord({ Price: 'POA' }, { keep_unmapped: false, mapping: { price: { from: 'Price', transform: 'money', separator: '|' } } })).toEqual({
      price: null,
    });
  });

  it('keeps an image URL with commas whole in a comma-separated photo list (a real Google feed)', () => {
    const url = 'https://media.edealer.ca/w_400,h_300,q_90,c_f,v1/trim/JK6.webp';
    expect(splitList(url, ',', true)).toEqual([url]);
    expect(splitList(`${url}, https://cdn.example.com/b.jpg`, ',', true)).toEqual([url, 'https://cdn.example.com/b.jpg']);
    expect(splitList('a.jpg,b.jpg', ',', true)).toEqual(['a.jpg', 'b.jpg']);
    expect(splitList('Air, ABS', ',')).toEqual(['Air', 'ABS']);
    const out = mapRecord(
      { image_link: url, additional_image_link: `${url.replace('JK6', 'X1')},https://cdn.example.com/c.jpg` },
      { keep_unmapped: false, mapping: { images: { from: ['image_link', 'additional_image_link'], transform: 'images', separator: ',' } } },
    );
    expect(out['images']).toEqual([url, url.replace('JK6', 'X1'), 'https://cdn.example.com/c.jpg'].map((u) => ({ image: { url: u } })));
  });

  it('reads money the way dealers write it', () => {
    expect(readPrice('$31,990')).toBe(31990);
    expect(readPrice('POA')).toBeNull();
    expect(readPrice('')).toBeNull();
    expect(Number.isNaN(readPrice('thirty'))).toBe(true);
  });
});
