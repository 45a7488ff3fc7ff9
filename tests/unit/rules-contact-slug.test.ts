import { describe, expect, it } from 'vitest';
import { contactSlug } from '../../src/lib/rules/contact-slug.ts';

describe('contactSlug', () => {
  it('drops a trailing Sales, Service or Parts', () => {
    expect(contactSlug('Southern Toyota Parramatta Service', ['Toyota'])).toBe('southern-toyota-parramatta');
    expect(contactSlug('Southern Ford Dandenong Parts', ['Ford'])).toBe('southern-ford-dandenong');
    expect(contactSlug('Southern Hyundai Kia Springwood Sales', ['Hyundai', 'Kia'])).toBe('southern-hyundai-kia-springwood');
    expect(contactSlug('Redline Osborne Park')).toBe('redline-osborne-park');
    // Only trailing: a department word inside the name stays.
    expect(contactSlug('Service Motors Gosford')).toBe('service-motors-gosford');
  });
  it('restores a truncated make name to its correct spelling', () => {
    expect(contactSlug('Brighton Mercedes Sales', ['Mercedes-Benz'])).toBe('brighton-mercedes-benz');
    expect(contactSlug('Brighton Mercedes-Benz Sales', ['Mercedes-Benz'])).toBe('brighton-mercedes-benz');
    expect(contactSlug('Coastal Volkswag Parts')).toBe('coastal-volkswagen');
    expect(contactSlug('Metro Alfa Service', ['Alfa Romeo'])).toBe('metro-alfa-romeo');
    // The sales and service locations of one dealership share a contact page.
    expect(contactSlug('Southern Toyota Parramatta', ['Toyota'])).toBe(contactSlug('Southern Toyota Parramatta Service', ['Toyota']));
  });
  it('leaves ambiguous or unknown words alone', () => {
    expect(contactSlug('Metro Mer')).toBe('metro-mer');
    expect(contactSlug('Redline Cannington')).toBe('redline-cannington');
  });
});
