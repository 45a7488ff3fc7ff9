import { isTestDriveOnly } from '../rules/vdp-actions.ts';

/** Which of the spec's analytics event ids a lead carries. */
export type FormKind = 'enquiry' | 'test-drive' | 'photo-request' | 'similar' | 'offer-accepted' | 'other';

export interface EventCar {
  car_type: string;
  tag?: string | null | undefined;
}

/**
 * 14 enquiry (new), 15 enquiry (used), 17 new test drive or a 'Test Drive Only' car, 48 used test
 * drive, 18 offer accepted. Demo cars count as new (the spec names only new and used).
 */
export function leadEventId(kind: FormKind, car: EventCar | undefined): number | undefined {
  if (kind === 'offer-accepted') return 18;
  if (!car) return undefined;
  const used = car.car_type === 'used';
  const testDriveOnly = isTestDriveOnly(car);
  if (kind === 'test-drive') return testDriveOnly || !used ? 17 : 48;
  if (kind === 'enquiry' || kind === 'photo-request' || kind === 'similar') return testDriveOnly ? 17 : used ? 15 : 14;
  return undefined;
}
