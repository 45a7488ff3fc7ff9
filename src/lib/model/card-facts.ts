/**
 * A card's facts (title, price, tag, key facts, actions, photo), derived once from a car and the
 * tenant's card settings: the home page, search results, similar cars and the search documents all
 * show these. Part of the model, so search depends on it and never the reverse.
 */
import type { PhotoVariant, Vehicle } from './vehicle.ts';
import { bodyTypeLabel } from '../rules/body-type.ts';
import { cardTag, tagOptionsFor, type CardTag, type TagOptions } from '../rules/card-tag.ts';
import { formatKm } from '../rules/format.ts';
import { isAvailable, isSold } from '../rules/listing.ts';
import { priceDisplay, priceTypeLabel, type PriceDisplay } from '../rules/price-display.ts';
import { isReserveEligible, reservePath } from '../rules/vdp-actions.ts';
import { vehicleSubtitle, vehicleTitle } from '../rules/vehicle-title.ts';

/** A photo as the card needs it; the pipeline's Photo satisfies it. */
export type CardPhotoSource = { ok: true; card?: { small: PhotoVariant; large: PhotoVariant } | undefined; colour: string } | { ok: false };

type Opt<K extends keyof Vehicle> = Partial<Pick<Vehicle, K>>;

/** What one card reads: a Vehicle satisfies it, and so does a search hit (search/card.ts cardCarFromDoc). */
export type CardCar = Pick<Vehicle, 'id' | 'path' | 'make' | 'car_type' | 'status'> &
  Opt<
    | 'year'
    | 'model'
    | 'badge'
    | 'series'
    | 'price'
    | 'preorder'
    | 'price_type'
    | 'km'
    | 'sold'
    | 'reserved'
    | 'certified'
    | 'tag'
    | 'created_at'
    | 'just_arrived'
    | 'stocknum'
  > &
  Opt<'fuel' | 'simple_fuel' | 'simple_transmission' | 'trans' | 'simple_body' | 'body' | 'sold_date_timestamp'> & {
    location?: { name: string } | undefined;
    photos: readonly CardPhotoSource[];
  };

/** The tenant settings a card needs (plain data, so an island can receive it as a prop). */
export interface CardSettings {
  noPriceText: string;
  tag: TagOptions;
  reserveOnline: boolean;
  buyOnlinePath: boolean;
}

export function cardSettingsFor(
  tenant: Parameters<typeof tagOptionsFor>[0] & { texts: { no_price: string }; features: { reserve_online: boolean; buy_online_path: boolean } },
): CardSettings {
  return {
    noPriceText: tenant.texts.no_price,
    tag: tagOptionsFor(tenant),
    reserveOnline: tenant.features.reserve_online,
    buyOnlinePath: tenant.features.buy_online_path,
  };
}

/**
 * The card's Reserve link: only where the tenant reserves online (the brand setting) and the car is
 * eligible by the vehicle page's own rule (src/lib/rules/vdp-actions.ts isReserveEligible: in stock,
 * not sold, not reserved, priced over 200, not Test Drive Only); the same reserve path as the page.
 */
export function reserveHref(car: CardCar, s: Pick<CardSettings, 'reserveOnline' | 'buyOnlinePath'>): string | undefined {
  return isReserveEligible(car, s.reserveOnline) ? reservePath(car.path, s.buyOnlinePath) : undefined;
}

export interface CardAction {
  label: 'Explore Vehicle' | 'Quick Enquiry' | 'Reserve' | 'Find Me Something Similar';
  href: string;
  style: 'primary' | 'outline' | 'accent';
}

export interface CardView {
  title: string;
  subtitle: string;
  price: PriceDisplay;
  priceNote: string | undefined;
  tag: CardTag;
  specs: string[];
  location: string | undefined;
  actions: CardAction[];
  photo: { small: PhotoVariant; large: PhotoVariant; colour: string } | undefined;
}

/**
 * What a listing of a car says (its card, and the same facts in its vehicle view): the title lines,
 * the price display and its label, the tag, available or not, and the Reserve link. The one
 * derivation: vehicleView (src/lib/model/vehicle-view.ts) takes these facts from here for every car
 * of the build, and the search island derives them here from a hit, where there is no model.
 */
export interface CardFacts {
  title: string;
  subtitle: string;
  price: PriceDisplay;
  priceNote: string | undefined;
  tag: CardTag;
  available: boolean;
  reserveHref: string | undefined;
}

export function cardFacts(car: CardCar, s: CardSettings): CardFacts {
  const price = priceDisplay(car, s.noPriceText);
  return {
    title: vehicleTitle(car),
    subtitle: vehicleSubtitle(car),
    price,
    priceNote: price.kind === 'price' ? priceTypeLabel(car.price_type) : undefined,
    tag: cardTag({ ...car, sold: isSold(car) }, s.tag),
    available: isAvailable(car),
    reserveHref: reserveHref(car, s),
  };
}

/**
 * Everything a card shows. `facts` are the car's view's (the build's cards) or, for a search hit,
 * cardFacts of the hit; the card only lays them out with the car's specs and photo.
 */
export function cardView(car: CardCar, facts: CardFacts): CardView {
  const { price } = facts;
  const actions: CardAction[] = [];
  if (facts.available) {
    actions.push({ label: 'Explore Vehicle', href: car.path, style: 'primary' });
    actions.push({ label: 'Quick Enquiry', href: `${car.path}#enquire`, style: 'outline' });
    if (facts.reserveHref) actions.push({ label: 'Reserve', href: facts.reserveHref, style: 'accent' });
  } else {
    actions.push({ label: 'Find Me Something Similar', href: `${car.path}#enquire`, style: 'outline' });
  }
  const first = car.photos[0];
  return {
    title: facts.title,
    subtitle: facts.subtitle,
    price,
    priceNote: facts.priceNote,
    tag: facts.tag,
    specs: [
      car.km != null && car.car_type !== 'new' ? formatKm(car.km) : undefined,
      car.simple_transmission ?? car.trans,
      car.simple_fuel ?? car.fuel,
      bodyTypeLabel(car.simple_body) ?? car.body,
    ].filter((x): x is string => Boolean(x)),
    location: car.location?.name,
    actions,
    photo: first?.ok && first.card ? { ...first.card, colour: first.colour } : undefined,
  };
}
