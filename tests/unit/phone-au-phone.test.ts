import { describe, expect, it } from 'vitest';
import { formatAuPhone, normaliseAuMobile, normaliseAuPhone, toNationalNumber } from '../../src/lib/phone/au-phone.ts';

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

describe('formatAuPhone: grouped as Australians write them', () => {
  it('1300 and 1800 numbers 4 3 3, 13 numbers 2 2 2', () => {
    for (const s of ['1300123456', '1300 123 456', '1300-12-34-56', '13 0012 3456']) expect(formatAuPhone(s)).toBe('1300 123 456');
    expect(formatAuPhone('1800 555 019')).toBe('1800 555 019');
    expect(formatAuPhone('131234')).toBe('13 12 34');
    expect(formatAuPhone('13 1234')).toBe('13 12 34');
  });
  it('mobiles 04xx xxx xxx, +61 turned into 0', () => {
    for (const s of ['0412345678', '04 1234 5678', '+61 412 345 678', '+61 (0)412 345 678', '61412345678']) expect(formatAuPhone(s)).toBe('0412 345 678');
  });
  it('landlines (0x) xxxx xxxx: the 2-4-4 grouping with the area code in brackets', () => {
    for (const s of ['0295251234', '02 9525 1234', '+61 2 9525 1234', '+61295251234', '(02) 9525 1234']) expect(formatAuPhone(s)).toBe('(02) 9525 1234');
    expect(formatAuPhone('08 9446 2100')).toBe('(08) 9446 2100');
  });
  it('anything else as typed', () => {
    expect(formatAuPhone(' +1 415 555 0100 ')).toBe('+1 415 555 0100');
    expect(formatAuPhone('12345')).toBe('12345');
  });
});
