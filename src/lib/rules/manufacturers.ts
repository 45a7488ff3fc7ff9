/**
 * The bundled manufacturer list (the spec's static list of about 150 makes). Each make has the
 * grids it belongs to on /brands, first one primary. The brand tiles' marks (Simple Icons, CC0-1.0)
 * are in brand-marks.ts; `logo` stays for a dealer-supplied image.
 */
import { slugify } from '../utils/slugify.ts';

export type BrandGroup = 'car' | 'motorcycle' | 'truck';

export interface Manufacturer {
  id: number;
  name: string;
  slug: string;
  groups: readonly BrandGroup[];
  logo?: string | undefined;
}

const C: BrandGroup[] = ['car'];
const M: BrandGroup[] = ['motorcycle'];
const T: BrandGroup[] = ['truck'];

/** [name, groups]; ids follow the order. */
const MAKES: [string, BrandGroup[]][] = [
  ['Abarth', C],
  ['AC', C],
  ['Acura', C],
  ['Alfa Romeo', C],
  ['Alpina', C],
  ['Alpine', C],
  ['Aston Martin', C],
  ['Audi', C],
  ['Austin', C],
  ['Bentley', C],
  ['BMW', ['car', 'motorcycle']],
  ['Bugatti', C],
  ['Buick', C],
  ['BYD', C],
  ['Cadillac', C],
  ['Caterham', C],
  ['Chery', C],
  ['Chevrolet', C],
  ['Chrysler', C],
  ['Citroen', C],
  ['Cupra', C],
  ['Daewoo', C],
  ['Daihatsu', C],
  ['Datsun', C],
  ['Deepal', C],
  ['Dodge', C],
  ['Ferrari', C],
  ['Fiat', C],
  ['Ford', ['car', 'truck']],
  ['Foton', ['car', 'truck']],
  ['Geely', C],
  ['Genesis', C],
  ['GMC', C],
  ['Great Wall', C],
  ['GWM', C],
  ['Haval', C],
  ['Holden', C],
  ['Hongqi', C],
  ['HSV', C],
  ['Honda', ['car', 'motorcycle']],
  ['Hummer', C],
  ['Hyundai', C],
  ['Ineos', C],
  ['Infiniti', C],
  ['Isuzu', ['car', 'truck']],
  ['Jaecoo', C],
  ['Jaguar', C],
  ['Jeep', C],
  ['KGM', C],
  ['Kia', C],
  ['Lada', C],
  ['Lamborghini', C],
  ['Lancia', C],
  ['Land Rover', C],
  ['LDV', ['car', 'truck']],
  ['Leapmotor', C],
  ['Lexus', C],
  ['Lincoln', C],
  ['Lotus', C],
  ['Lynk & Co', C],
  ['Mahindra', C],
  ['Maserati', C],
  ['Maxus', C],
  ['Mazda', C],
  ['McLaren', C],
  ['Mercury', C],
  ['Mercedes-Benz', ['car', 'truck']],
  ['MG', C],
  ['Mini', C],
  ['Mitsubishi', C],
  ['Morgan', C],
  ['Nissan', C],
  ['Omoda', C],
  ['Opel', C],
  ['Peugeot', C],
  ['Polestar', C],
  ['Pontiac', C],
  ['Porsche', C],
  ['Proton', C],
  ['Ram', C],
  ['Renault', ['car', 'truck']],
  ['Rolls-Royce', C],
  ['Rover', C],
  ['Saab', C],
  ['Seat', C],
  ['Skoda', C],
  ['Smart', C],
  ['SsangYong', C],
  ['Subaru', C],
  ['Suzuki', ['car', 'motorcycle']],
  ['Tank', C],
  ['Tata', C],
  ['Tesla', C],
  ['Toyota', C],
  ['Volkswagen', ['car', 'truck']],
  ['Volvo', ['car', 'truck']],
  ['Xpeng', C],
  ['Zeekr', C],
  // Motorcycles, scooters and off-road
  ['Aprilia', M],
  ['Benelli', M],
  ['Beta', M],
  ['Bimota', M],
  ['Brixton', M],
  ['Can-Am', M],
  ['CFMoto', M],
  ['Ducati', M],
  ['GasGas', M],
  ['Harley-Davidson', M],
  ['Hyosung', M],
  ['Husqvarna', M],
  ['Indian', M],
  ['Kawasaki', M],
  ['Kove', M],
  ['KTM', M],
  ['Kymco', M],
  ['Moto Guzzi', M],
  ['Moto Morini', M],
  ['Norton', M],
  ['Energica', M],
  ['MV Agusta', M],
  ['Piaggio', M],
  ['Polaris', M],
  ['Royal Enfield', M],
  ['Sherco', M],
  ['Super Soco', M],
  ['Sur-Ron', M],
  ['SYM', M],
  ['Triumph', M],
  ['Vespa', M],
  ['Voge', M],
  ['Yamaha', M],
  ['Zero', M],
  // Trucks and buses
  ['DAF', T],
  ['Dennis Eagle', T],
  ['Freightliner', T],
  ['Fuso', T],
  ['Hino', T],
  ['International', T],
  ['Iveco', T],
  ['Kenworth', T],
  ['Mack', T],
  ['MAN', T],
  ['Scania', T],
  ['Shacman', T],
  ['UD Trucks', T],
  ['Western Star', T],
  ['Yutong', T],
  ['Higer', T],
  ['Alexander Dennis', T],
  ['Sinotruk', T],
  ['JAC', ['car', 'truck']],
];

export const MANUFACTURERS: readonly Manufacturer[] = MAKES.map(([name, groups], i) => ({ id: i + 1, name, slug: slugify(name), groups }));

const byKey = new Map<string, Manufacturer>();
for (const m of MANUFACTURERS) {
  byKey.set(m.slug, m);
  byKey.set(m.name.toLowerCase(), m);
}

/** The bundled entry for a make as written in stock or config ("mercedes benz", "Mercedes-Benz"). */
export function findManufacturer(make: string): Manufacturer | undefined {
  return byKey.get(make.trim().toLowerCase()) ?? byKey.get(slugify(make));
}

/** The bundled entry, or one made up for a make the list lacks (its own name and slug, car grid). */
export function manufacturerFor(make: string): Manufacturer {
  return findManufacturer(make) ?? { id: 0, name: make.trim(), slug: slugify(make), groups: ['car'] };
}
