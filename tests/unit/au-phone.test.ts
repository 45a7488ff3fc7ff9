import { describe, expect, it } from 'vitest';
import { normaliseAuMobile, normaliseAuPhone, toNationalNumber } from '../../src/lib/phone/au-phone.ts';

describe('normaliseAuMobile', () => {
  it('accepts every common way of writing a mobile', () => {
    for (const s of ['0412345678', '0412 345 678', '0412-345-678', '+61412345678', '+61 412 345 678', '61412345678', '+61 (0)412 345 678', ' 0412345678 ']) {
      expect(normaliseAuMobile(s)).toBe('+61412345678');
    }
  });
  it('refuses landlines, short, long and foreign numbers', () => {
    for (const s of ['0243245500', '041234567', '04123456789', '+1 415 555 0100', '', 'mobile', '1300123456']) expect(normaliseAuMobile(s)).toBeNull();
  });
});

describe('normaliseAuPhone', () => {
  it('accepts mobiles and geographic landlines as E.164', () => {
    expect(normaliseAuPhone('02 4324 5500')).toBe('+61243245500');
    expect(normaliseAuPhone('(07) 3123 4567')).toBe('+61731234567');
    expect(normaliseAuPhone('+61 8 9123 4567')).toBe('+61891234567');
    expect(normaliseAuPhone('0412 345 678')).toBe('+61412345678');
  });
  it('keeps 13, 1300 and 1800 numbers as digits', () => {
    expect(normaliseAuPhone('13 22 11')).toBe('132211');
    expect(normaliseAuPhone('1300 123 456')).toBe('1300123456');
    expect(normaliseAuPhone('1800-123-456')).toBe('1800123456');
  });
  it('refuses others', () => {
    for (const s of ['0143245500', '12345', '+44 20 7946 0958', '1900123456']) expect(normaliseAuPhone(s)).toBeNull();
  });
});

describe('toNationalNumber', () => {
  it('+61 becomes 0', () => {
    expect(toNationalNumber('+61412345678')).toBe('0412345678');
    expect(toNationalNumber('1300123456')).toBe('1300123456');
  });
});
