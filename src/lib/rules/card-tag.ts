import { DAY_SECONDS, isAvailable, type ListingFacts } from './listing.ts';

export interface TagFacts extends ListingFacts {
  fuel?: string | undefined;
  simple_fuel?: string | undefined;
  reserved?: boolean | null | undefined;
  certified?: boolean | null | undefined;
  make: string;
  car_type: string;
  tag?: string | undefined;
  created_at?: number | null | undefined;
  /** Decided once per build by isJustArrived (the Vehicle carries it), so no page or island needs the build's clock. */
  just_arrived?: boolean | undefined;
}

export interface TagOptions {
  fuelTags?: boolean;
  certifiedBadge?: boolean;
  newArrivalText?: string;
  soldText?: string;
  comingSoonText?: string;
}

export type CardTag = { kind: 'fuel' | 'reserved' | 'certified' | 'custom' | 'coming-soon' | 'just-arrived' | 'sold'; text: string } | undefined;

function fuelTag(car: TagFacts): string | undefined {
  const f = `${car.simple_fuel ?? ''} ${car.fuel ?? ''}`.toLowerCase();
  if (/plug[- ]?in/.test(f) || /\bphev\b/.test(f)) return 'PLUG-IN HYBRID';
  if (/hybrid/.test(f)) return 'HYBRID';
  if (/electric|\bev\b/.test(f)) return 'ELECTRIC';
  return undefined;
}

/**
 * The card tag by the spec's precedence: fuel tag (where enabled), reserved, the certified badge
 * (the brand's used certified cars: Toyota, used, certified, not sold), custom tag text, coming soon, just arrived within the window
 * (default 8 days), else none. A non-active car gets the sold tag (JUST SOLD unless renamed).
 */
export function cardTag(car: TagFacts, o: TagOptions): CardTag {
  // Any status other than in_stock and coming_soon (sold, under_offer...) is not active: the sold tag.
  if (!isAvailable(car)) return { kind: 'sold', text: o.soldText ?? 'JUST SOLD' };
  if (o.fuelTags) {
    const text = fuelTag(car);
    if (text) return { kind: 'fuel', text };
  }
  if (car.reserved) return { kind: 'reserved', text: 'RESERVED' };
  if (o.certifiedBadge && car.certified && car.car_type === 'used' && car.make.toLowerCase() === 'toyota') return { kind: 'certified', text: 'CERTIFIED' };
  const custom = car.tag?.trim();
  if (custom && custom.toUpperCase() !== 'SOLD') return { kind: 'custom', text: custom };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: o.comingSoonText ?? 'COMING SOON' };
  if (car.just_arrived) return { kind: 'just-arrived', text: o.newArrivalText ?? 'New Arrival' };
  return undefined;
}

/** Just arrived (spec): in stock for at most `days` days (default 8) at `now` (unix seconds); never a future date. */
export function isJustArrived(createdAt: number | null | undefined, now: number, days = 8): boolean {
  return createdAt != null && now - createdAt >= 0 && now - createdAt <= days * DAY_SECONDS;
}

/** The tag options a tenant's settings imply. */
export function tagOptionsFor(tenant: {
  features: { fuel_tags: boolean; certified_badge: boolean };
  texts: { new_arrival: string; sold_tag: string; coming_soon_tag: string };
}): TagOptions {
  return {
    fuelTags: tenant.features.fuel_tags,
    certifiedBadge: tenant.features.certified_badge,
    newArrivalText: tenant.texts.new_arrival,
    soldText: tenant.texts.sold_tag,
    comingSoonText: tenant.texts.coming_soon_tag,
  };
}
