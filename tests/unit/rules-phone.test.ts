import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhone, telHref } from '../../src/lib/rules/phone.ts';

describe('phone', () => {
  it('turns +61 into 0 and groups as Australians write them (landlines 2-4-4 in brackets); masks after 5 characters', () => {
    expect(formatPhone('+61295251234')).toBe('(02) 9525 1234');
    expect(formatPhone('+61 412 345 678')).toBe('0412 345 678');
    expect(formatPhone('0295251234')).toBe('(02) 9525 1234');
    expect(formatPhone('1300 123 456')).toBe('1300 123 456');
    expect(formatPhone('131234')).toBe('13 12 34');
    expect(maskPhone('(02) 9525 1234')).toBe('(02) XXXX XXXX');
    expect(maskPhone('0412 345 678')).toBe('0412 XXX XXX');
    expect(telHref('+61 2 9525 1234')).toBe('tel:0295251234');
  });
});
