import { describe, expect, it } from 'vitest';

describe('bodyTypeLabel', () => {
  it('labels the spec body types and passes others through', async () => {
    const { bodyTypeLabel } = await import('../../src/lib/rules/body-type.ts');
    expect(bodyTypeLabel('suv')).toBe('SUV');
    expect(bodyTypeLabel('cabChassis')).toBe('Cab Chassis');
    expect(bodyTypeLabel('people mover')).toBe('People Mover');
    expect(bodyTypeLabel('Roadster')).toBe('Roadster');
    expect(bodyTypeLabel(undefined)).toBeUndefined();
  });
});
