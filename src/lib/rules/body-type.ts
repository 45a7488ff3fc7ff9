/** The spec's recognised body types (search facet values) and how they read on a page. */
export const BODY_TYPE_LABELS: Readonly<Record<string, string>> = {
  '4x4': '4x4',
  bus: 'Bus',
  cabChassis: 'Cab Chassis',
  convertible: 'Convertible',
  coupe: 'Coupe',
  ev: 'EV',
  hardtop: 'Hardtop',
  hatch: 'Hatch',
  hatchback: 'Hatchback',
  motorhome: 'Motorhome',
  lightTruck: 'Light Truck',
  peopleMover: 'People Mover',
  prestige: 'Prestige',
  sedan: 'Sedan',
  softtop: 'Softtop',
  suv: 'SUV',
  ute: 'Ute',
  van: 'Van',
  wagon: 'Wagon',
  stationWagon: 'Station Wagon',
  motorcycle: 'Motorcycle',
};

/** "suv" -> "SUV", "cabChassis" -> "Cab Chassis"; unknown values are shown as exported. */
export function bodyTypeLabel(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const key = Object.keys(BODY_TYPE_LABELS).find((k) => k.toLowerCase() === value.replace(/[\s_-]/g, '').toLowerCase());
  return key ? BODY_TYPE_LABELS[key] : value;
}

/** The one file holding every body type's picture, a symbol each (7 KB, 0.7 KB brotli, cached). */
export const BODY_TYPE_SPRITE = '/img/body/sprite.svg';

/**
 * The picture of a body type on its facet tile: a small side view (64 x 32), a symbol of
 * BODY_TYPE_SPRITE referenced by `<use>`, one per recognised body type; undefined for a value the spec
 * does not name. One file for all of them: as one file each, a search page made 12 requests (3.2 KB on
 * a phone's journey, headers included) for 0.7 KB of pictures.
 */
export function bodyTypeImage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const key = Object.keys(BODY_TYPE_LABELS).find((k) => k.toLowerCase() === value.replace(/[\s_-]/g, '').toLowerCase());
  return key ? `${BODY_TYPE_SPRITE}#body-${key}` : undefined;
}
