import type { CarStatus, CarType } from '../schemas/car.ts';
import type { Photo, Vehicle } from '../model/vehicle.ts';
import type { VehicleView } from '../model/vehicle-view.ts';
import { isInStock } from '../rules/stock.ts';

/**
 * One search document: what a hit needs to render a card, to be faceted, filtered and sorted. The same
 * shape is pushed to Meilisearch and packed into the embedded index, so both backends answer with it.
 * Field names follow the spec's search facet attributes (make, model, body, fuel, transmission, ...).
 */
export interface SearchDoc {
  id: string;
  /** Position in the default order (custom_rank descending, then id): 0 is the most relevant. */
  rank: number;
  slug: string;
  stocknum?: string;
  year?: number;
  make: string;
  model?: string;
  /** "Toyota > Hilux": the model refinement, unambiguous across makes. */
  make_model?: string;
  badge?: string;
  series?: string;
  car_type: CarType;
  status: CarStatus;
  sold: boolean;
  reserved: boolean;
  preorder: boolean;
  certified: boolean;
  tag?: string;
  created_at?: number;
  /** Within the just-arrived window on the build's day (the card's New Arrival tag). */
  just_arrived?: true;
  price?: number;
  price_type?: string;
  km?: number;
  /** simple_body value (suv, cabChassis, ...). */
  body?: string;
  /** The exported body text, kept only when there is no simple_body (the card shows it). */
  body_text?: string;
  /** simple_fuel, else fuel. */
  fuel?: string;
  /** The exported fuel text when it differs from `fuel` (the fuel tag rule reads both). */
  fuel_text?: string;
  /** simple_transmission, else trans. */
  transmission?: string;
  drive?: string;
  colour?: string;
  seats?: number;
  location_name?: string;
  state?: string;
  dealership_name?: string;
  /** Content key of the card photo (the image pipeline's 32-hex key); absent shows the placeholder. */
  photo?: string;
  photo_colour?: string;
}

/** The card image URLs, as a template over the content key: "{s}" is the 2-char shard, "{k}" the key. */
export interface PhotoTemplate {
  small: { url: string; width: number; height: number };
  large: { url: string; width: number; height: number };
}

export const MAKE_MODEL_SEPARATOR = ' > ';

export function makeModel(make: string, model: string): string {
  return `${make}${MAKE_MODEL_SEPARATOR}${model}`;
}

/** "Toyota > Hilux" -> "Hilux". */
export function modelOf(makeModelValue: string): string {
  const i = makeModelValue.indexOf(MAKE_MODEL_SEPARATOR);
  return i < 0 ? makeModelValue : makeModelValue.slice(i + MAKE_MODEL_SEPARATOR.length);
}

/** "Toyota > Hilux" -> "Toyota". */
export function makeOf(makeModelValue: string): string {
  const i = makeModelValue.indexOf(MAKE_MODEL_SEPARATOR);
  return i < 0 ? '' : makeModelValue.slice(0, i);
}

const KEY_IN_URL = /\/([0-9a-f]{2})\/([0-9a-f]{16,64})-/;

/** The content key in a pipeline variant URL (/img/ab/<key>-c528x385-q75.webp), if it is one. */
export function photoKey(url: string): string | undefined {
  const m = KEY_IN_URL.exec(url);
  return m && m[2]?.startsWith(m[1] ?? '') ? m[2] : undefined;
}

function templateOf(url: string, key: string): string {
  return url.replace(`/${key.slice(0, 2)}/${key}`, '/{s}/{k}');
}

export function photoUrl(template: string, key: string): string {
  return template.replace('{s}', key.slice(0, 2)).replace('{k}', key);
}

/** The template every card photo of this stock follows, read from the first photo that has card crops. */
export function photoTemplateOf(vehicles: readonly Vehicle[]): PhotoTemplate | undefined {
  for (const v of vehicles) {
    const p = v.photos[0];
    if (!p?.ok || !p.card) continue;
    const key = photoKey(p.card.small.url);
    if (!key) continue;
    return {
      small: { ...p.card.small, url: templateOf(p.card.small.url, key) },
      large: { ...p.card.large, url: templateOf(p.card.large.url, key) },
    };
  }
  return undefined;
}

function cardPhotoKey(photo: Photo | undefined, template: PhotoTemplate | undefined): string | undefined {
  if (!photo?.ok || !photo.card || !template) return undefined;
  const key = photoKey(photo.card.small.url);
  if (!key) return undefined;
  // Only photos whose URLs the template rebuilds exactly are referenced by key; others show the placeholder.
  const same = photoUrl(template.small.url, key) === photo.card.small.url && photoUrl(template.large.url, key) === photo.card.large.url;
  return same ? key : undefined;
}

/** The default order: custom_rank descending, ties by id, so every backend breaks ties the same way. */
export function compareDefaultOrder(a: { custom_rank: number; id: string }, b: { custom_rank: number; id: string }): number {
  return b.custom_rank - a.custom_rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** What a search document reads of the car's view (src/lib/model/vehicle-view.ts), by car id. */
export type DocViews = Readonly<Record<string, Pick<VehicleView, 'dealership'> | undefined>>;

export interface DocContext {
  template: PhotoTemplate | undefined;
}

const text = (s: string | undefined | null): string | undefined => {
  const t = s?.trim();
  return t ? t : undefined;
};

/** One listed vehicle as a search document (rank filled in by toSearchDocs). */
export function toSearchDoc(v: Vehicle, view: Pick<VehicleView, 'dealership'> | undefined, ctx: DocContext, rank: number): SearchDoc {
  const fuel = text(v.simple_fuel) ?? text(v.fuel);
  const photo = v.photos[0];
  const key = cardPhotoKey(photo, ctx.template);
  const doc: SearchDoc = {
    id: v.id,
    rank,
    slug: v.slug,
    make: v.make,
    car_type: v.car_type,
    status: v.status,
    sold: v.sold === true,
    reserved: v.reserved === true,
    preorder: v.preorder === true,
    certified: v.certified === true,
  };
  const set = <K extends keyof SearchDoc>(k: K, value: SearchDoc[K] | undefined | null) => {
    if (value !== undefined && value !== null && value !== '') doc[k] = value;
  };
  set('stocknum', text(v.stocknum));
  set('year', v.year);
  set('model', text(v.model));
  if (doc.model) doc.make_model = makeModel(v.make, doc.model);
  set('badge', text(v.badge));
  set('series', text(v.series));
  set('tag', text(v.tag));
  set('created_at', v.created_at);
  if (v.just_arrived) doc.just_arrived = true;
  set('price', v.price);
  set('price_type', text(v.price_type));
  set('km', v.km);
  set('body', text(v.simple_body));
  if (!doc.body) set('body_text', text(v.body));
  set('fuel', fuel);
  if (text(v.fuel) !== fuel) set('fuel_text', text(v.fuel));
  set('transmission', text(v.simple_transmission) ?? text(v.trans));
  set('drive', text(v.simple_drive) ?? text(v.drive));
  set('colour', text(v.colour));
  set('seats', v.seats);
  set('location_name', v.location?.name);
  set('state', text(v.location?.state) ?? text(v.state));
  // The car's dealership (its own, else its location's) is decided once, in the view.
  set('dealership_name', view?.dealership?.name);
  if (key && photo?.ok) {
    doc.photo = key;
    doc.photo_colour = photo.colour;
  }
  return doc;
}

/** Every listed vehicle as a search document, in the default order (rank 0 first), with what its view says. */
export function toSearchDocs(vehicles: readonly Vehicle[], views: DocViews): { docs: SearchDoc[]; template: PhotoTemplate | undefined; customRanks: number[] } {
  const listed = vehicles.filter(isInStock).sort(compareDefaultOrder);
  const template = photoTemplateOf(listed);
  const ctx: DocContext = { template };
  return { docs: listed.map((v, i) => toSearchDoc(v, views[v.id], ctx, i)), template, customRanks: listed.map((v) => v.custom_rank) };
}
