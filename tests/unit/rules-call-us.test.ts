import { describe, expect, it } from 'vitest';
import { callUsNumber, phoneShown } from '../../src/lib/rules/call-us.ts';

describe('phone', () => {
  it('masks after the first 5 characters, groups as Australians write them, unmasked where configured', () => {
    expect(phoneShown('+61 2 9635 1100', false)).toEqual({ initial: '(02) XXXX XXXX', full: '(02) 9635 1100', tel: 'tel:0296351100', masked: true });
    expect(phoneShown('0412555019', true)).toEqual({ initial: '0412 555 019', full: '0412 555 019', tel: 'tel:0412555019', masked: false });
    expect(phoneShown('1300 555 123', false).initial).toBe('1300 XXX XXX');
  });
  it('call-us number: override, by car type (demo -> new) when filtering, new or used, location, warning', () => {
    const c = (car_type: string, phone?: string) => ({ id: '9', car_type, location: { phone } });
    const all = { new_phone: 'N', used_phone: 'U' };
    expect(callUsNumber(c('used'), { ...all, call_us_override: 'O' }, true)).toEqual({ number: 'O', source: 'override' });
    expect(callUsNumber(c('used'), all, true).number).toBe('U');
    expect(callUsNumber(c('demo'), all, true).number).toBe('N');
    expect(callUsNumber(c('used'), all, false)).toEqual({ number: 'N', source: 'new-or-used' });
    expect(callUsNumber(c('used'), { used_phone: 'U' }, false).number).toBe('U');
    expect(callUsNumber(c('used', 'L'), {}, true)).toEqual({ number: 'L', source: 'location' });
    const none = callUsNumber(c('used'), {}, false);
    expect(none.number).toBeUndefined();
    expect('warning' in none && none.warning).toMatch(/No phone number for car 9/);
  });
});
