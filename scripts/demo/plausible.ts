/**
 * What demo data may say about a car, by what the car is: its comments' claims and its gear count.
 * The generator keeps a tenant's perk line only where it holds for the car (`perkFits`: no "Every used
 * vehicle has passed a 150-point inspection" on a new RAV4), and the tests check every generated
 * comment with the same claims (`commentContradictions`): one table, both uses.
 */
import type { CarType } from './stock.ts';

/** What the comment rules read about a car (from its stock record). */
export interface CommentCar {
  car_type: CarType;
  make: string;
  /** Years since its model year (0 for this year's). */
  age: number;
  km: number;
  /** The export's price type code: DAP (drive away) or EGC (excluding government charges). */
  price_type: string;
  /** It carries a registration plate. */
  registered: boolean;
}

interface Claim {
  /** What the claim says, for a test's failure message. */
  says: string;
  pattern: RegExp;
  holds: (car: CommentCar) => boolean;
}

const CLAIMS: readonly Claim[] = [
  {
    says: 'a used car',
    pattern: /\bevery used (vehicle|car)\b|statutory warranty|new tyres|traded in|service history|log ?books/i,
    holds: (c) => c.car_type === 'used',
  },
  { says: 'a car that has been on the road', pattern: /\bPPSR\b|current (WA )?roadworthy/i, holds: (c) => c.car_type !== 'new' },
  { says: 'a new car', pattern: /brand new|factory fresh|all-new|full new-vehicle warranty/i, holds: (c) => c.car_type === 'new' },
  { says: 'a demonstrator', pattern: /ex-demonstrator|\bdemo\b/i, holds: (c) => c.car_type === 'demo' },
  { says: 'a registered car', pattern: /\bregistered\b/i, holds: (c) => c.registered },
  // Toyota Access: capped-price servicing for a Toyota's first 5 years or 75,000 km.
  { says: 'a Toyota within Toyota Access', pattern: /Toyota Access/i, holds: (c) => c.make === 'Toyota' && c.age <= 5 && c.km <= 75000 },
  { says: 'a drive-away price', pattern: /drive ?away/i, holds: (c) => c.price_type !== 'EGC' },
];

/** The claims `text` makes that do not hold for `car` (empty: it reads right). */
export function commentContradictions(text: string, car: CommentCar): string[] {
  return CLAIMS.filter((c) => c.pattern.test(text) && !c.holds(car)).map((c) => c.says);
}

/** A tenant's perk line belongs in this car's comments: every claim it makes holds for the car. */
export function perkFits(perk: string, car: CommentCar): boolean {
  return commentContradictions(perk, car).length === 0;
}

/**
 * Gears as the specs print them: a fixed count for stepped gearboxes, 1 only for an electric car's
 * single reduction gear; none for a continuously variable transmission (CVT, a hybrid's eCVT, a plug-in
 * or series hybrid's single-speed drive), which has no gears to count.
 */
export function gearCount(code: string, fuel: string): number | undefined {
  if (code === 'EV') return fuel === 'electric' ? 1 : undefined;
  if (code === 'CVT' || code === 'eCVT') return undefined;
  const m = /^(AMT|DCT|A|M)(\d+)$/.exec(code);
  return m ? Number(m[2]) : undefined;
}
