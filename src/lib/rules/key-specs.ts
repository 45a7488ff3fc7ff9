import { bodyTypeLabel } from './body-type.ts';
import { formatKm } from './format.ts';

export interface SpecItem {
  label: string;
  value: string;
}

type SpecSource = {
  car_type: string;
  km?: number | null | undefined;
  simple_body?: string | undefined;
  body?: string | undefined;
  simple_transmission?: string | undefined;
  trans?: string | undefined;
  simple_fuel?: string | undefined;
  fuel?: string | undefined;
  engine_size?: string | undefined;
  simple_drive?: string | undefined;
  drive?: string | undefined;
  colour?: string | undefined;
  seats?: number | null | undefined;
  doors?: number | null | undefined;
  stocknum?: string | undefined;
  vin?: string | undefined;
  regplate?: string | undefined;
};

/** The key specifications in display order; absent values are left out. */
export function keySpecs(car: SpecSource): SpecItem[] {
  const items: [string, string | number | null | undefined][] = [
    ['Kilometres', car.km != null ? formatKm(car.km) : undefined],
    ['Body', bodyTypeLabel(car.simple_body) ?? car.body],
    ['Transmission', car.simple_transmission ?? car.trans],
    ['Fuel', car.simple_fuel ?? car.fuel],
    ['Engine', car.engine_size],
    ['Drive', car.simple_drive ?? car.drive],
    ['Colour', car.colour],
    ['Seats', car.seats],
    ['Doors', car.doors],
    ['Stock No.', car.stocknum],
    ['VIN', car.vin],
    ['Rego', car.regplate],
  ];
  return items
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null && entry[1] !== '')
    .map(([label, value]) => ({ label, value: String(value) }));
}
