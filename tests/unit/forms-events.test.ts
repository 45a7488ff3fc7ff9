import { describe, expect, it } from 'vitest';
import { leadEventId } from '../../src/lib/forms/events.ts';

describe('event ids', () => {
  it('picks 14/15/17/48/18', () => {
    expect(leadEventId('enquiry', { car_type: 'new' })).toBe(14);
    expect(leadEventId('enquiry', { car_type: 'used' })).toBe(15);
    expect(leadEventId('test-drive', { car_type: 'new' })).toBe(17);
    expect(leadEventId('test-drive', { car_type: 'used' })).toBe(48);
    expect(leadEventId('test-drive', { car_type: 'used', tag: 'Test Drive Only' })).toBe(17);
    expect(leadEventId('offer-accepted', undefined)).toBe(18);
    expect(leadEventId('enquiry', undefined)).toBeUndefined();
  });
});
