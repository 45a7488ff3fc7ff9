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

/**
 * The picture of a body type on its facet tile: a small side view in public/img/body/ (64 x 32,
 * 0.3-0.4 KB each), one per recognised body type; undefined for a value the spec does not name.
 */
export function bodyTypeImage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const key = Object.keys(BODY_TYPE_LABELS).find((k) => k.toLowerCase() === value.replace(/[\s_-]/g, '').toLowerCase());
  return key ? `/img/body/${key}.svg` : undefined;
}
