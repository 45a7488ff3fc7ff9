/**
 * A small catalogue of real Australian-market vehicles: makes, models, badges, series, bodies,
 * drivetrains and approximate new drive-away prices (AUD). Enough variety for believable stock.
 */
import type { ArtKind } from './art.ts';

export type Kind = 'car' | 'motorcycle' | 'truck';
export type FuelKind = 'petrol' | 'premium' | 'diesel' | 'hybrid' | 'phev' | 'electric';
export type DriveKind = 'fwd' | 'rwd' | 'awd' | '4x4' | '4x2' | 'chain';
/** A short transmission code: A<n> automatic, M<n> manual, DCT<n>, AMT<n>, CVT, eCVT or EV. */
export type TransKind = string;

export interface Variant {
  badge: string;
  /** New drive-away price in the newest model year. */
  price: number;
  engine: string;
  fuel: FuelKind;
  trans: TransKind;
  drive: DriveKind;
}

export interface ModelSpec {
  make: string;
  model: string;
  series: string;
  kind: Kind;
  art: ArtKind;
  simple_body: string;
  body: string;
  seats: number;
  doors?: number;
  /** First and last model year sold new (last = 9999 for current models). */
  years: [number, number];
  colours: string[];
  variants: Variant[];
}

const v = (badge: string, price: number, engine: string, fuel: FuelKind, trans: TransKind, drive: DriveKind): Variant => ({
  badge,
  price,
  engine,
  fuel,
  trans,
  drive,
});

const NOW = 9999;
const STD = ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'];
const SUVC = ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Bronze', 'Green'];
const UTEC = ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Orange', 'Bronze'];

export const CATALOGUE: ModelSpec[] = [
  // ---------------------------------------------------------------- Toyota
  { make: 'Toyota', model: 'Yaris Cross', series: 'MXPJ10R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2020, NOW], colours: ['White', 'Silver', 'Grey', 'Blue', 'Bronze', 'Orange'], variants: [v('GX', 32990, '1.5L', 'petrol', 'CVT', 'fwd'), v('GXL Hybrid', 37990, '1.5L', 'hybrid', 'eCVT', 'fwd'), v('Urban Hybrid AWD', 42990, '1.5L', 'hybrid', 'eCVT', 'awd')] },
  { make: 'Toyota', model: 'Corolla', series: 'ZWE219R', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2018, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'], variants: [v('Ascent Sport', 32490, '2.0L', 'petrol', 'CVT', 'fwd'), v('Ascent Sport Hybrid', 34990, '1.8L', 'hybrid', 'eCVT', 'fwd'), v('SX Hybrid', 38990, '1.8L', 'hybrid', 'eCVT', 'fwd'), v('ZR Hybrid', 42990, '1.8L', 'hybrid', 'eCVT', 'fwd')] },
  { make: 'Toyota', model: 'Corolla Cross', series: 'MXGH10R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2022, NOW], colours: SUVC, variants: [v('GX Hybrid', 40990, '2.0L', 'hybrid', 'eCVT', 'fwd'), v('GXL Hybrid', 44990, '2.0L', 'hybrid', 'eCVT', 'fwd'), v('Atmos Hybrid AWD', 53990, '2.0L', 'hybrid', 'eCVT', 'awd')] },
  { make: 'Toyota', model: 'Camry', series: 'AXVH80R', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2018, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'], variants: [v('Ascent Hybrid', 45990, '2.5L', 'hybrid', 'eCVT', 'fwd'), v('SX Hybrid', 51990, '2.5L', 'hybrid', 'eCVT', 'fwd'), v('SL Hybrid', 57990, '2.5L', 'hybrid', 'eCVT', 'fwd')] },
  { make: 'Toyota', model: 'RAV4', series: 'AXAH54R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2019, NOW], colours: SUVC, variants: [v('GX Hybrid 2WD', 45990, '2.5L', 'hybrid', 'eCVT', 'fwd'), v('GXL Hybrid 2WD', 49990, '2.5L', 'hybrid', 'eCVT', 'fwd'), v('GXL Hybrid AWD', 53490, '2.5L', 'hybrid', 'eCVT', 'awd'), v('XSE Hybrid AWD', 56990, '2.5L', 'hybrid', 'eCVT', 'awd'), v('Edge Hybrid AWD', 61990, '2.5L', 'hybrid', 'eCVT', 'awd')] },
  { make: 'Toyota', model: 'Kluger', series: 'AXUH78R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2021, NOW], colours: SUVC, variants: [v('GX Hybrid AWD', 63990, '2.5L', 'hybrid', 'eCVT', 'awd'), v('GXL Hybrid AWD', 73990, '2.5L', 'hybrid', 'eCVT', 'awd'), v('Grande Hybrid AWD', 85990, '2.5L', 'hybrid', 'eCVT', 'awd')] },
  { make: 'Toyota', model: 'LandCruiser Prado', series: 'TJA250R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2024, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Bronze', 'Green'], variants: [v('GX', 79990, '2.8L', 'diesel', 'A8', '4x4'), v('GXL', 89990, '2.8L', 'diesel', 'A8', '4x4'), v('Kakadu', 109990, '2.8L', 'diesel', 'A8', '4x4')] },
  { make: 'Toyota', model: 'LandCruiser 300', series: 'FJA300R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2021, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Bronze'], variants: [v('GX', 99990, '3.3L', 'diesel', 'A10', '4x4'), v('GXL', 112990, '3.3L', 'diesel', 'A10', '4x4'), v('VX', 126990, '3.3L', 'diesel', 'A10', '4x4'), v('GR Sport', 139500, '3.3L', 'diesel', 'A10', '4x4')] },
  { make: 'Toyota', model: 'LandCruiser 70', series: 'GDJ79R', kind: 'car', art: 'ute', simple_body: 'cabChassis', body: 'Cab Chassis', seats: 5, doors: 4, years: [2023, NOW], colours: ['White', 'Silver', 'Grey', 'Bronze'], variants: [v('GXL Double Cab Chassis', 84990, '2.8L', 'diesel', 'A6', '4x4')] },
  { make: 'Toyota', model: 'HiLux', series: 'GUN126R', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2015, NOW], colours: UTEC, variants: [v('Workmate 4x2', 35990, '2.4L', 'diesel', 'A6', '4x2'), v('SR 4x4', 56990, '2.8L', 'diesel', 'A6', '4x4'), v('SR5 4x4', 64990, '2.8L', 'diesel', 'A6', '4x4'), v('Rogue 4x4', 74990, '2.8L', 'diesel', 'A6', '4x4'), v('GR Sport 4x4', 80990, '2.8L', 'diesel', 'A6', '4x4')] },
  { make: 'Toyota', model: 'HiAce', series: 'GDH300R', kind: 'car', art: 'van', simple_body: 'van', body: 'Van', seats: 2, doors: 4, years: [2019, NOW], colours: ['White', 'Silver', 'Grey'], variants: [v('LWB Van', 55990, '2.8L', 'diesel', 'A6', 'rwd')] },
  { make: 'Toyota', model: 'GR86', series: 'ZN8', kind: 'car', art: 'coupe', simple_body: 'coupe', body: 'Coupe', seats: 4, doors: 2, years: [2022, NOW], colours: ['White', 'Silver', 'Black', 'Red', 'Blue'], variants: [v('GT', 51990, '2.4L', 'premium', 'M6', 'rwd'), v('GTS', 55990, '2.4L', 'premium', 'A6', 'rwd')] },
  { make: 'Toyota', model: 'bZ4X', series: 'XEAM10R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2022, NOW], colours: ['White', 'Silver', 'Grey', 'Black'], variants: [v('Touring FWD', 59990, 'Electric', 'electric', 'EV', 'fwd'), v('Touring AWD', 66990, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'Toyota', model: 'Granvia', series: 'GDH303R', kind: 'car', art: 'peopleMover', simple_body: 'peopleMover', body: 'Wagon', seats: 8, doors: 4, years: [2019, NOW], colours: ['White', 'Silver', 'Black'], variants: [v('8-Seat', 74990, '2.8L', 'diesel', 'A6', 'rwd'), v('VX 6-Seat', 85990, '2.8L', 'diesel', 'A6', 'rwd')] },
  { make: 'Toyota', model: 'Fortuner', series: 'GUN156R', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2015, NOW], colours: SUVC, variants: [v('GXL', 62990, '2.8L', 'diesel', 'A6', '4x4'), v('Crusade', 70990, '2.8L', 'diesel', 'A6', '4x4')] },
  { make: 'Toyota', model: 'Aurion', series: 'GSV50R', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2012, 2017], colours: STD, variants: [v('AT-X', 36990, '3.5L', 'petrol', 'A6', 'fwd'), v('Sportivo', 42990, '3.5L', 'petrol', 'A6', 'fwd')] },
  // ---------------------------------------------------------------- Ford
  { make: 'Ford', model: 'Ranger', series: 'PY', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2022, NOW], colours: UTEC, variants: [v('XLT 2.0 Bi-Turbo 4x4', 66990, '2.0L', 'diesel', 'A10', '4x4'), v('XLT 3.0 V6 4x4', 72990, '3.0L', 'diesel', 'A10', '4x4'), v('Wildtrak 3.0 V6 4x4', 78990, '3.0L', 'diesel', 'A10', '4x4'), v('Raptor 3.0 4x4', 89990, '3.0L', 'premium', 'A10', '4x4'), v('XLT PHEV 4x4', 74990, '2.3L', 'phev', 'A6', '4x4')] },
  { make: 'Ford', model: 'Ranger', series: 'PX MkIII', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2018, 2022], colours: UTEC, variants: [v('XLT 3.2 4x4', 62990, '3.2L', 'diesel', 'A6', '4x4'), v('Wildtrak 2.0 4x4', 68990, '2.0L', 'diesel', 'A10', '4x4')] },
  { make: 'Ford', model: 'Everest', series: 'UB', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2022, NOW], colours: SUVC, variants: [v('Ambiente 4WD', 58990, '2.0L', 'diesel', 'A10', '4x4'), v('Trend 4WD', 67990, '2.0L', 'diesel', 'A10', '4x4'), v('Platinum V6 4WD', 82990, '3.0L', 'diesel', 'A10', '4x4')] },
  { make: 'Ford', model: 'Transit Custom', series: 'VN', kind: 'car', art: 'van', simple_body: 'van', body: 'Van', seats: 3, doors: 4, years: [2023, NOW], colours: ['White', 'Silver', 'Grey', 'Blue'], variants: [v('Trend SWB', 59990, '2.0L', 'diesel', 'A8', 'fwd')] },
  { make: 'Ford', model: 'Mustang', series: 'S650', kind: 'car', art: 'coupe', simple_body: 'coupe', body: 'Coupe', seats: 4, doors: 2, years: [2024, NOW], colours: ['White', 'Black', 'Red', 'Blue', 'Orange', 'Grey'], variants: [v('GT Fastback', 82990, '5.0L', 'premium', 'A10', 'rwd')] },
  { make: 'Ford', model: 'Mustang', series: 'S650 Convertible', kind: 'car', art: 'convertible', simple_body: 'convertible', body: 'Convertible', seats: 4, doors: 2, years: [2024, NOW], colours: ['White', 'Black', 'Red', 'Blue'], variants: [v('GT Convertible', 90990, '5.0L', 'premium', 'A10', 'rwd')] },
  { make: 'Ford', model: 'Falcon', series: 'FG X', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2014, 2016], colours: STD, variants: [v('XR6', 41990, '4.0L', 'petrol', 'A6', 'rwd'), v('XR8', 54990, '5.0L', 'premium', 'A6', 'rwd')] },
  { make: 'Ford', model: 'Territory', series: 'SZ MkII', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2014, 2016], colours: SUVC, variants: [v('TX RWD', 41990, '4.0L', 'petrol', 'A6', 'rwd'), v('Titanium AWD', 62990, '2.7L', 'diesel', 'A6', 'awd')] },
  // ---------------------------------------------------------------- Mazda
  { make: 'Mazda', model: 'Mazda2', series: 'DJ', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2015, NOW], colours: ['White', 'Silver', 'Grey', 'Red', 'Blue'], variants: [v('G15 Pure', 26990, '1.5L', 'petrol', 'A6', 'fwd'), v('G15 GT', 31990, '1.5L', 'petrol', 'A6', 'fwd')] },
  { make: 'Mazda', model: 'Mazda3', series: 'BP', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2019, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'], variants: [v('G20 Evolve', 35990, '2.0L', 'petrol', 'A6', 'fwd'), v('G25 GT', 41990, '2.5L', 'petrol', 'A6', 'fwd'), v('G25 Astina', 45490, '2.5L', 'petrol', 'A6', 'fwd')] },
  { make: 'Mazda', model: 'CX-30', series: 'DM', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2020, NOW], colours: SUVC, variants: [v('G20 Pure', 36990, '2.0L', 'petrol', 'A6', 'fwd'), v('G20 Touring', 40990, '2.0L', 'petrol', 'A6', 'fwd'), v('G25 Astina AWD', 49990, '2.5L', 'petrol', 'A6', 'awd')] },
  { make: 'Mazda', model: 'CX-5', series: 'KF', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2017, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'], variants: [v('G20 Maxx', 39990, '2.0L', 'petrol', 'A6', 'fwd'), v('G25 Maxx Sport AWD', 46990, '2.5L', 'petrol', 'A6', 'awd'), v('G25 Touring AWD', 50990, '2.5L', 'petrol', 'A6', 'awd'), v('G35 Akera AWD', 56990, '2.5L', 'petrol', 'A6', 'awd')] },
  { make: 'Mazda', model: 'CX-60', series: 'KH', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2023, NOW], colours: ['White', 'Grey', 'Black', 'Red'], variants: [v('P50e Evolve PHEV', 72990, '2.5L', 'phev', 'A8', 'awd'), v('G40e Touring', 67990, '3.3L', 'premium', 'A8', 'awd')] },
  { make: 'Mazda', model: 'CX-90', series: 'KK', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2023, NOW], colours: ['White', 'Grey', 'Black', 'Red'], variants: [v('G50e Touring', 83990, '3.3L', 'premium', 'A8', 'awd'), v('D50e Azami', 97990, '3.3L', 'diesel', 'A8', 'awd')] },
  { make: 'Mazda', model: 'BT-50', series: 'TF', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2020, NOW], colours: UTEC, variants: [v('XT 4x4', 56990, '3.0L', 'diesel', 'A6', '4x4'), v('XTR 4x4', 63990, '3.0L', 'diesel', 'A6', '4x4'), v('GT 4x4', 67990, '3.0L', 'diesel', 'A6', '4x4')] },
  { make: 'Mazda', model: 'MX-5', series: 'ND', kind: 'car', art: 'convertible', simple_body: 'convertible', body: 'Roadster', seats: 2, doors: 2, years: [2016, NOW], colours: ['White', 'Grey', 'Black', 'Red', 'Blue'], variants: [v('Roadster', 44990, '2.0L', 'premium', 'M6', 'rwd'), v('Roadster GT', 52990, '2.0L', 'premium', 'M6', 'rwd')] },
  { make: 'Mazda', model: 'Mazda6', series: 'GL', kind: 'car', art: 'wagon', simple_body: 'wagon', body: 'Wagon', seats: 5, doors: 5, years: [2018, 2021], colours: STD, variants: [v('Touring', 41990, '2.5L', 'petrol', 'A6', 'fwd'), v('GT', 47990, '2.5L', 'petrol', 'A6', 'fwd')] },
  // ---------------------------------------------------------------- Hyundai
  { make: 'Hyundai', model: 'i30', series: 'PD.V4', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2018, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'], variants: [v('Active', 30990, '2.0L', 'petrol', 'A6', 'fwd'), v('N Line', 36990, '1.6L', 'petrol', 'DCT7', 'fwd'), v('N Line Premium', 41990, '1.6L', 'petrol', 'DCT7', 'fwd')] },
  { make: 'Hyundai', model: 'i30 Sedan', series: 'CN7', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2021, NOW], colours: STD, variants: [v('Active', 31990, '2.0L', 'petrol', 'CVT', 'fwd'), v('Elite Hybrid', 39990, '1.6L', 'hybrid', 'DCT7', 'fwd')] },
  { make: 'Hyundai', model: 'Tucson', series: 'NX4.V2', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2021, NOW], colours: SUVC, variants: [v('Tucson 2WD', 38990, '2.0L', 'petrol', 'A6', 'fwd'), v('Elite 2WD', 47990, '2.0L', 'petrol', 'A6', 'fwd'), v('Elite Hybrid AWD', 52990, '1.6L', 'hybrid', 'A6', 'awd'), v('N Line Premium Hybrid', 60990, '1.6L', 'hybrid', 'A6', 'awd')] },
  { make: 'Hyundai', model: 'Santa Fe', series: 'MX5', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2024, NOW], colours: SUVC, variants: [v('Hybrid 2WD', 58990, '1.6L', 'hybrid', 'A6', 'fwd'), v('Calligraphy Hybrid AWD', 80990, '1.6L', 'hybrid', 'A6', 'awd')] },
  { make: 'Hyundai', model: 'Kona', series: 'SX2.V1', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2023, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Green', 'Yellow'], variants: [v('Electric Standard Range', 56990, 'Electric', 'electric', 'EV', 'fwd'), v('Electric Premium Extended Range', 64990, 'Electric', 'electric', 'EV', 'fwd'), v('Hybrid', 41990, '1.6L', 'hybrid', 'DCT7', 'fwd')] },
  { make: 'Hyundai', model: 'Ioniq 5', series: 'NE.V3', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2021, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Green'], variants: [v('Dynamiq', 69990, 'Electric', 'electric', 'EV', 'rwd'), v('Epiq AWD', 82990, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'Hyundai', model: 'Staria', series: 'US4', kind: 'car', art: 'peopleMover', simple_body: 'peopleMover', body: 'Wagon', seats: 8, doors: 4, years: [2021, NOW], colours: ['White', 'Silver', 'Black', 'Grey'], variants: [v('Elite 2.2 AWD', 64990, '2.2L', 'diesel', 'A8', 'awd'), v('Highlander 2.2 AWD', 70990, '2.2L', 'diesel', 'A8', 'awd')] },
  { make: 'Hyundai', model: 'Staria Load', series: 'US4', kind: 'car', art: 'van', simple_body: 'van', body: 'Van', seats: 3, doors: 4, years: [2021, NOW], colours: ['White', 'Silver', 'Grey'], variants: [v('2.2 Crew Van', 54990, '2.2L', 'diesel', 'A8', 'rwd')] },
  { make: 'Hyundai', model: 'iLoad', series: 'TQ4', kind: 'car', art: 'van', simple_body: 'van', body: 'Van', seats: 3, doors: 4, years: [2015, 2021], colours: ['White', 'Silver'], variants: [v('Crew Cab', 44990, '2.5L', 'diesel', 'A5', 'rwd')] },
  // ---------------------------------------------------------------- Kia
  { make: 'Kia', model: 'Cerato', series: 'BD', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2019, 2024], colours: STD, variants: [v('S', 29990, '2.0L', 'petrol', 'A6', 'fwd'), v('Sport', 32990, '2.0L', 'petrol', 'A6', 'fwd'), v('GT', 39990, '1.6L', 'petrol', 'DCT7', 'fwd')] },
  { make: 'Kia', model: 'Seltos', series: 'SP2', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2020, NOW], colours: SUVC, variants: [v('S', 30990, '2.0L', 'petrol', 'CVT', 'fwd'), v('GT-Line AWD', 44990, '1.6L', 'petrol', 'DCT7', 'awd')] },
  { make: 'Kia', model: 'Sportage', series: 'NQ5', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2022, NOW], colours: SUVC, variants: [v('S 2WD', 37990, '2.0L', 'petrol', 'A6', 'fwd'), v('SX 2WD', 42990, '2.0L', 'petrol', 'A6', 'fwd'), v('GT-Line Diesel AWD', 56990, '2.0L', 'diesel', 'A8', 'awd'), v('GT-Line Hybrid AWD', 59990, '1.6L', 'hybrid', 'A6', 'awd')] },
  { make: 'Kia', model: 'Sorento', series: 'MQ4', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2020, NOW], colours: SUVC, variants: [v('Sport AWD Diesel', 57990, '2.2L', 'diesel', 'DCT8', 'awd'), v('GT-Line PHEV AWD', 81990, '1.6L', 'phev', 'A6', 'awd')] },
  { make: 'Kia', model: 'Carnival', series: 'KA4', kind: 'car', art: 'peopleMover', simple_body: 'peopleMover', body: 'Wagon', seats: 8, doors: 5, years: [2020, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue'], variants: [v('S', 54990, '3.5L', 'petrol', 'A8', 'fwd'), v('GT-Line Diesel', 69990, '2.2L', 'diesel', 'A8', 'fwd'), v('Platinum Hybrid', 74990, '1.6L', 'hybrid', 'A6', 'fwd')] },
  { make: 'Kia', model: 'EV6', series: 'CV', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2022, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue'], variants: [v('Air RWD', 69990, 'Electric', 'electric', 'EV', 'rwd'), v('GT-Line AWD', 82990, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'Kia', model: 'EV5', series: 'OV', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2024, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Green'], variants: [v('Air', 56770, 'Electric', 'electric', 'EV', 'fwd'), v('GT-Line AWD', 76990, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'Kia', model: 'Tasman', series: 'TK', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2025, NOW], colours: UTEC, variants: [v('SX+ 4x4', 65990, '2.2L', 'diesel', 'A8', '4x4'), v('X-Pro 4x4', 75990, '2.2L', 'diesel', 'A8', '4x4')] },
  // ---------------------------------------------------------------- Mitsubishi
  { make: 'Mitsubishi', model: 'Triton', series: 'MV', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2019, NOW], colours: UTEC, variants: [v('GLX+ 4x4', 55990, '2.4L', 'diesel', 'A6', '4x4'), v('GLS 4x4', 59990, '2.4L', 'diesel', 'A6', '4x4'), v('GSR 4x4', 65990, '2.4L', 'diesel', 'A6', '4x4')] },
  { make: 'Mitsubishi', model: 'Outlander', series: 'ZM', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2022, NOW], colours: SUVC, variants: [v('ES 2WD', 40990, '2.5L', 'petrol', 'CVT', 'fwd'), v('Aspire 2WD', 47990, '2.5L', 'petrol', 'CVT', 'fwd'), v('PHEV Exceed AWD', 64990, '2.4L', 'phev', 'EV', 'awd')] },
  { make: 'Mitsubishi', model: 'Eclipse Cross', series: 'YB', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2018, 2025], colours: SUVC, variants: [v('ES 2WD', 34990, '1.5L', 'petrol', 'CVT', 'fwd'), v('Aspire PHEV AWD', 52990, '2.4L', 'phev', 'EV', 'awd')] },
  { make: 'Mitsubishi', model: 'Pajero Sport', series: 'QF', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2016, NOW], colours: SUVC, variants: [v('GLS 4WD', 55990, '2.4L', 'diesel', 'A8', '4x4'), v('Exceed 4WD', 61990, '2.4L', 'diesel', 'A8', '4x4')] },
  // ---------------------------------------------------------------- Tesla, BYD, MG
  { make: 'Tesla', model: 'Model 3', series: 'Highland', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2019, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'], variants: [v('Rear-Wheel Drive', 58990, 'Electric', 'electric', 'EV', 'rwd'), v('Long Range AWD', 71900, 'Electric', 'electric', 'EV', 'awd'), v('Performance AWD', 82900, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'Tesla', model: 'Model Y', series: 'Juniper', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2022, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'], variants: [v('Rear-Wheel Drive', 64900, 'Electric', 'electric', 'EV', 'rwd'), v('Long Range AWD', 72900, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'BYD', model: 'Atto 3', series: 'SC2E', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2022, NOW], colours: ['White', 'Grey', 'Black', 'Blue', 'Red'], variants: [v('Standard Range', 44990, 'Electric', 'electric', 'EV', 'fwd'), v('Extended Range', 48990, 'Electric', 'electric', 'EV', 'fwd')] },
  { make: 'BYD', model: 'Dolphin', series: 'EA1', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2023, NOW], colours: ['White', 'Grey', 'Blue', 'Orange'], variants: [v('Dynamic', 36990, 'Electric', 'electric', 'EV', 'fwd'), v('Premium', 39990, 'Electric', 'electric', 'EV', 'fwd')] },
  { make: 'BYD', model: 'Seal', series: 'EA1S', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2024, NOW], colours: ['White', 'Grey', 'Black', 'Blue'], variants: [v('Premium RWD', 59990, 'Electric', 'electric', 'EV', 'rwd'), v('Performance AWD', 69990, 'Electric', 'electric', 'EV', 'awd')] },
  { make: 'BYD', model: 'Shark 6', series: 'TS', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2025, NOW], colours: ['White', 'Grey', 'Black', 'Blue'], variants: [v('Premium PHEV AWD', 57900, '1.5L', 'phev', 'EV', 'awd')] },
  { make: 'MG', model: 'ZS', series: 'AZS1', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2018, NOW], colours: ['White', 'Silver', 'Grey', 'Blue', 'Red'], variants: [v('Excite', 27990, '1.5L', 'petrol', 'CVT', 'fwd'), v('EV Essence', 44990, 'Electric', 'electric', 'EV', 'fwd')] },
  { make: 'MG', model: 'MG4', series: 'EH32', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2023, NOW], colours: ['White', 'Silver', 'Grey', 'Orange'], variants: [v('Excite 51', 39990, 'Electric', 'electric', 'EV', 'rwd'), v('Essence 64', 47990, 'Electric', 'electric', 'EV', 'rwd')] },
  // ---------------------------------------------------------------- Isuzu UTE, Nissan, VW, Subaru, Honda, Suzuki, Holden, prestige
  { make: 'Isuzu', model: 'D-MAX', series: 'RG', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Crew Cab Utility', seats: 5, doors: 4, years: [2020, NOW], colours: UTEC, variants: [v('LS-U 4x4', 62990, '3.0L', 'diesel', 'A6', '4x4'), v('X-TERRAIN 4x4', 70990, '3.0L', 'diesel', 'A6', '4x4'), v('SX 4x2 Cab Chassis', 35990, '1.9L', 'diesel', 'A6', '4x2')] },
  { make: 'Isuzu', model: 'MU-X', series: 'RJ', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2021, NOW], colours: SUVC, variants: [v('LS-M 4x4', 58990, '3.0L', 'diesel', 'A6', '4x4'), v('LS-T 4x4', 66990, '3.0L', 'diesel', 'A6', '4x4')] },
  { make: 'Nissan', model: 'Navara', series: 'D23', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Dual Cab Pick Up', seats: 5, doors: 4, years: [2015, 2025], colours: UTEC, variants: [v('ST 4x4', 55990, '2.3L', 'diesel', 'A7', '4x4'), v('ST-X 4x4', 62990, '2.3L', 'diesel', 'A7', '4x4')] },
  { make: 'Nissan', model: 'X-Trail', series: 'T33', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2022, NOW], colours: SUVC, variants: [v('ST 2WD', 40990, '2.5L', 'petrol', 'CVT', 'fwd'), v('Ti e-POWER e-4ORCE', 60990, '1.5L', 'hybrid', 'EV', 'awd')] },
  { make: 'Nissan', model: 'Patrol', series: 'Y62', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 8, doors: 5, years: [2013, 2025], colours: ['White', 'Silver', 'Grey', 'Black'], variants: [v('Ti', 88990, '5.6L', 'premium', 'A7', '4x4'), v('Ti-L', 101990, '5.6L', 'premium', 'A7', '4x4')] },
  { make: 'Volkswagen', model: 'Golf', series: 'Mk8', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2021, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red'], variants: [v('Life', 41990, '1.4L', 'premium', 'A8', 'fwd'), v('GTI', 58990, '2.0L', 'premium', 'DCT7', 'fwd'), v('R', 72990, '2.0L', 'premium', 'DCT7', 'awd')] },
  { make: 'Volkswagen', model: 'Amarok', series: 'NF', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Double Cab Pick Up', seats: 5, doors: 4, years: [2023, NOW], colours: UTEC, variants: [v('Style 4Motion', 67990, '2.0L', 'diesel', 'A10', '4x4'), v('Aventura V6', 87990, '3.0L', 'diesel', 'A10', '4x4')] },
  { make: 'Volkswagen', model: 'Tiguan', series: '5N', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2017, 2024], colours: SUVC, variants: [v('110TSI Life', 43990, '1.4L', 'premium', 'DCT7', 'fwd'), v('162TSI R-Line', 62990, '2.0L', 'premium', 'DCT7', 'awd')] },
  { make: 'Subaru', model: 'Outback', series: 'BT', kind: 'car', art: 'wagon', simple_body: 'wagon', body: 'Wagon', seats: 5, doors: 5, years: [2021, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Green', 'Blue'], variants: [v('AWD', 48990, '2.5L', 'petrol', 'CVT', 'awd'), v('AWD Touring XT', 62990, '2.4L', 'premium', 'CVT', 'awd')] },
  { make: 'Subaru', model: 'Forester', series: 'S5', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2019, NOW], colours: SUVC, variants: [v('2.5i-L', 43990, '2.5L', 'petrol', 'CVT', 'awd'), v('Hybrid S', 55990, '2.0L', 'hybrid', 'CVT', 'awd')] },
  { make: 'Subaru', model: 'WRX', series: 'VN', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2022, NOW], colours: ['White', 'Silver', 'Grey', 'Blue', 'Red'], variants: [v('AWD', 49990, '2.4L', 'premium', 'M6', 'awd'), v('tS AWD', 62990, '2.4L', 'premium', 'CVT', 'awd')] },
  { make: 'Skoda', model: 'Octavia', series: 'NX', kind: 'car', art: 'wagon', simple_body: 'wagon', body: 'Wagon', seats: 5, doors: 5, years: [2021, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Green'], variants: [v('110TSI Style Wagon', 42990, '1.4L', 'premium', 'A8', 'fwd'), v('RS Wagon', 58990, '2.0L', 'premium', 'DCT7', 'fwd')] },
  { make: 'Honda', model: 'CR-V', series: 'RS', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 7, doors: 5, years: [2023, NOW], colours: SUVC, variants: [v('VTi 7 L7', 50500, '1.5L', 'petrol', 'CVT', 'fwd'), v('e:HEV RS', 62900, '2.0L', 'hybrid', 'eCVT', 'awd')] },
  { make: 'Honda', model: 'Civic', series: '11th Gen', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2022, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'], variants: [v('VTi LX', 47200, '1.5L', 'premium', 'CVT', 'fwd'), v('e:HEV LX', 55500, '2.0L', 'hybrid', 'eCVT', 'fwd')] },
  { make: 'Suzuki', model: 'Swift', series: 'AZ', kind: 'car', art: 'hatch', simple_body: 'hatch', body: 'Hatchback', seats: 5, doors: 5, years: [2017, 2023], colours: ['White', 'Silver', 'Red', 'Blue', 'Yellow'], variants: [v('GL Navigator', 22990, '1.2L', 'petrol', 'CVT', 'fwd'), v('Sport', 31990, '1.4L', 'premium', 'A6', 'fwd')] },
  { make: 'Holden', model: 'Commodore', series: 'VF II', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2015, 2017], colours: ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'], variants: [v('SV6', 42990, '3.6L', 'petrol', 'A6', 'rwd'), v('SS-V Redline', 58990, '6.2L', 'premium', 'A6', 'rwd')] },
  { make: 'Holden', model: 'Colorado', series: 'RG MY20', kind: 'car', art: 'ute', simple_body: 'ute', body: 'Crew Cab Pick Up', seats: 5, doors: 4, years: [2016, 2020], colours: UTEC, variants: [v('LTZ 4x4', 55990, '2.8L', 'diesel', 'A6', '4x4'), v('Z71 4x4', 61990, '2.8L', 'diesel', 'A6', '4x4')] },
  { make: 'Mercedes-Benz', model: 'C300', series: 'W206', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2022, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue'], variants: [v('', 92990, '2.0L', 'premium', 'A9', 'rwd')] },
  { make: 'BMW', model: '330i', series: 'G20', kind: 'car', art: 'sedan', simple_body: 'sedan', body: 'Sedan', seats: 5, doors: 4, years: [2019, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue'], variants: [v('M Sport', 82990, '2.0L', 'premium', 'A8', 'rwd')] },
  { make: 'BMW', model: 'X5', series: 'G05', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2019, NOW], colours: ['White', 'Grey', 'Black', 'Blue'], variants: [v('xDrive30d M Sport', 139900, '3.0L', 'diesel', 'A8', 'awd')] },
  { make: 'Audi', model: 'Q5', series: 'FY', kind: 'car', art: 'suv', simple_body: 'suv', body: 'Wagon', seats: 5, doors: 5, years: [2017, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Blue'], variants: [v('40 TDI quattro Sport', 82990, '2.0L', 'diesel', 'DCT7', 'awd')] },
  { make: 'Porsche', model: '911', series: '992', kind: 'car', art: 'coupe', simple_body: 'coupe', body: 'Coupe', seats: 4, doors: 2, years: [2019, NOW], colours: ['White', 'Silver', 'Grey', 'Black', 'Yellow'], variants: [v('Carrera', 265000, '3.0L', 'premium', 'DCT8', 'rwd')] },
  // ---------------------------------------------------------------- Motorcycles
  { make: 'Yamaha', model: 'MT-07', series: 'MT07', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Naked', seats: 2, years: [2014, NOW], colours: ['Grey', 'Black', 'Blue', 'White'], variants: [v('LAMS', 12499, '689cc', 'petrol', 'M6', 'chain')] },
  { make: 'Yamaha', model: 'MT-09', series: 'MT09', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Naked', seats: 2, years: [2014, NOW], colours: ['Grey', 'Black', 'Blue'], variants: [v('', 16499, '890cc', 'premium', 'M6', 'chain'), v('SP', 19999, '890cc', 'premium', 'M6', 'chain')] },
  { make: 'Yamaha', model: 'Tracer 9', series: 'MTT890', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Sport Touring', seats: 2, years: [2021, NOW], colours: ['Grey', 'Black', 'Red'], variants: [v('GT', 22999, '890cc', 'premium', 'M6', 'chain')] },
  { make: 'Yamaha', model: 'Tenere 700', series: 'XTZ690', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Adventure', seats: 2, years: [2019, NOW], colours: ['White', 'Black', 'Blue'], variants: [v('', 17999, '689cc', 'petrol', 'M6', 'chain')] },
  { make: 'Honda', model: 'CB650R', series: 'RH02', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Naked', seats: 2, years: [2019, NOW], colours: ['Black', 'Red', 'Grey'], variants: [v('', 13999, '649cc', 'petrol', 'M6', 'chain'), v('E-Clutch', 14999, '649cc', 'petrol', 'M6', 'chain')] },
  { make: 'Honda', model: 'Rebel 500', series: 'PC60', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Cruiser', seats: 2, years: [2017, NOW], colours: ['Black', 'Grey', 'Red'], variants: [v('LAMS', 10299, '471cc', 'petrol', 'M6', 'chain')] },
  { make: 'Honda', model: 'Africa Twin', series: 'CRF1100L', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Adventure', seats: 2, years: [2020, NOW], colours: ['Red', 'Black', 'White'], variants: [v('Adventure Sports ES', 24499, '1084cc', 'premium', 'M6', 'chain')] },
  { make: 'Kawasaki', model: 'Ninja 400', series: 'EX400', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Sport', seats: 2, years: [2018, NOW], colours: ['Green', 'Black', 'Grey'], variants: [v('LAMS', 8499, '399cc', 'petrol', 'M6', 'chain')] },
  { make: 'Kawasaki', model: 'Z900', series: 'ZR900', kind: 'motorcycle', art: 'motorcycle', simple_body: 'motorcycle', body: 'Naked', seats: 2, years: [2017, NOW], colours: ['Green', 'Black', 'Grey'], variants: [v('', 15999, '948cc', 'premium', 'M6', 'chain')] },
  // ---------------------------------------------------------------- Trucks
  { make: 'Isuzu', model: 'NPR', series: 'N Series', kind: 'truck', art: 'lightTruck', simple_body: 'lightTruck', body: 'Cab Chassis', seats: 3, doors: 2, years: [2016, NOW], colours: ['White', 'Silver'], variants: [v('45-155 AMT', 79990, '5.2L', 'diesel', 'AMT6', 'rwd'), v('75-190 Traypack', 95990, '5.2L', 'diesel', 'AMT6', 'rwd')] },
  { make: 'Isuzu', model: 'NLR', series: 'N Series', kind: 'truck', art: 'cabChassis', simple_body: 'cabChassis', body: 'Cab Chassis', seats: 3, doors: 2, years: [2016, NOW], colours: ['White', 'Silver', 'Blue'], variants: [v('45-150 AMT Traypack', 69990, '3.0L', 'diesel', 'AMT6', 'rwd')] },
  { make: 'Isuzu', model: 'FRR', series: 'F Series', kind: 'truck', art: 'lightTruck', simple_body: 'lightTruck', body: 'Cab Chassis', seats: 3, doors: 2, years: [2016, NOW], colours: ['White'], variants: [v('110-260 Auto', 118990, '5.2L', 'diesel', 'A6', 'rwd')] },
  { make: 'Hino', model: '300 Series', series: 'XKU', kind: 'truck', art: 'cabChassis', simple_body: 'cabChassis', body: 'Cab Chassis', seats: 3, doors: 2, years: [2016, NOW], colours: ['White', 'Silver'], variants: [v('616 Auto Tray', 72990, '4.0L', 'diesel', 'AMT6', 'rwd'), v('917 Auto Pantech', 89990, '4.0L', 'diesel', 'AMT6', 'rwd')] },
  { make: 'Fuso', model: 'Canter', series: 'FEB', kind: 'truck', art: 'cabChassis', simple_body: 'cabChassis', body: 'Cab Chassis', seats: 3, doors: 2, years: [2017, NOW], colours: ['White', 'Red', 'Silver'], variants: [v('515 Wide Cab Tray', 68990, '3.0L', 'diesel', 'DCT6', 'rwd')] },
];

/** How common a model is in Australian stock lists, relative to 1 (HiLux and Ranger top the charts). */
export const POPULARITY: Record<string, number> = {
  HiLux: 4,
  Ranger: 3,
  RAV4: 4,
  Corolla: 3,
  'CX-5': 3,
  i30: 3,
  Triton: 2.5,
  'D-MAX': 2.5,
  'LandCruiser Prado': 2,
  'LandCruiser 300': 1.5,
  Everest: 2,
  Tucson: 2,
  Sportage: 2.5,
  'Yaris Cross': 2,
  Outlander: 1.5,
  'Model 3': 0.8,
  'Model Y': 1.2,
  'Atto 3': 0.7,
  Dolphin: 0.4,
  Seal: 0.4,
  'Shark 6': 0.5,
  MG4: 0.4,
  ZS: 1.2,
  EV5: 0.4,
  EV6: 0.4,
  'Ioniq 5': 0.5,
  Kona: 1,
  bZ4X: 0.4,
  '911': 0.15,
  X5: 0.4,
  C300: 0.5,
  '330i': 0.5,
  Q5: 0.5,
  Patrol: 0.7,
  Granvia: 0.4,
  GR86: 0.5,
  Mustang: 0.5,
  'MX-5': 0.5,
};

// ---------------------------------------------------------------------------------------------
// Display strings for the spec's Car fields

export const FUEL: Record<FuelKind, { fuel: string; simple: string }> = {
  petrol: { fuel: 'Unleaded Petrol', simple: 'Petrol' },
  premium: { fuel: 'Premium Unleaded Petrol', simple: 'Petrol' },
  diesel: { fuel: 'Diesel', simple: 'Diesel' },
  hybrid: { fuel: 'Hybrid (Petrol/Electric)', simple: 'Hybrid' },
  phev: { fuel: 'Plug-in Hybrid (Petrol/Electric)', simple: 'Plug-in Hybrid' },
  electric: { fuel: 'Electric', simple: 'Electric' },
};

export const DRIVE: Record<DriveKind, { drive: string; simple?: string }> = {
  fwd: { drive: 'Front Wheel Drive', simple: 'FWD' },
  rwd: { drive: 'Rear Wheel Drive', simple: 'RWD' },
  awd: { drive: 'All Wheel Drive', simple: 'AWD' },
  '4x4': { drive: 'Four Wheel Drive', simple: '4WD' },
  '4x2': { drive: 'Rear Wheel Drive', simple: 'RWD' },
  chain: { drive: 'Chain' },
};

/** Transmission text, simple transmission and gear count from a short code like "A8" or "DCT7". */
export function transmission(code: string): { trans: string; simple: string; gears: number } {
  if (code === 'CVT') return { trans: 'Constantly Variable Transmission', simple: 'Automatic', gears: 1 };
  if (code === 'eCVT') return { trans: 'Electronic Continuously Variable', simple: 'Automatic', gears: 1 };
  if (code === 'EV') return { trans: '1 Speed Reduction Gear', simple: 'Automatic', gears: 1 };
  const m = /^(AMT|DCT|A|M)(\d+)$/.exec(code);
  if (!m) throw new Error(`Unknown transmission code ${code}`);
  const gears = Number(m[2]);
  const kind = m[1];
  if (kind === 'M') return { trans: `${gears} Speed Manual`, simple: 'Manual', gears };
  if (kind === 'AMT') return { trans: `${gears} Speed Automated Manual`, simple: 'Automatic', gears };
  if (kind === 'DCT') return { trans: `${gears} Speed Dual Clutch`, simple: 'Automatic', gears };
  return { trans: `${gears} Speed Sports Automatic`, simple: 'Automatic', gears };
}

/** World manufacturer identifiers by make (first three VIN characters). */
export const WMI: Record<string, string[]> = {
  Toyota: ['JTM', 'JTN', 'MR0', 'JTE'],
  Ford: ['MNC', 'MPB', '1FA', 'WF0'],
  Mazda: ['JM0', 'JM6', 'MM0'],
  Hyundai: ['KMH', 'KMF', '5NM'],
  Kia: ['KNA', 'KND', 'KNC'],
  Mitsubishi: ['MMA', 'JMF', 'JMB'],
  Tesla: ['LRW', '5YJ', 'XP7'],
  BYD: ['LGX', 'LC0'],
  MG: ['LSJ', 'SDP'],
  Isuzu: ['MPA', 'JAA', 'JAL'],
  Nissan: ['MNT', 'JN1', 'JN8'],
  Volkswagen: ['WVW', 'WV1', 'WVG'],
  Subaru: ['JF1', 'JF2'],
  Skoda: ['TMB'],
  Honda: ['JHM', 'MRH', 'JH2'],
  Suzuki: ['JS2', 'MA3'],
  Holden: ['6G1', '6H8', 'MMU'],
  'Mercedes-Benz': ['W1K', 'WDD'],
  BMW: ['WBA', 'WBS'],
  Audi: ['WAU', 'WA1'],
  Porsche: ['WP0'],
  Yamaha: ['JYA', 'VG5'],
  Kawasaki: ['JKA', 'ML5'],
  Hino: ['JHH', 'JHD'],
  Fuso: ['JLF', 'FEB'],
};

export const INTERIORS = ['Black Cloth', 'Black Leather Accented', 'Grey Cloth', 'Charcoal Fabric', 'Tan Leather', 'Black Synthetic Leather'];

const EQUIPMENT_CAR = [
  'Apple CarPlay and Android Auto',
  'Reversing Camera',
  'Autonomous Emergency Braking',
  'Lane Keep Assist',
  'Adaptive Cruise Control',
  'Blind Spot Monitor',
  'Rear Cross Traffic Alert',
  'Front and Rear Parking Sensors',
  'LED Headlights',
  'Alloy Wheels',
  'Keyless Entry and Start',
  'Dual-Zone Climate Control',
  'Satellite Navigation',
  'Digital Instrument Cluster',
  'Wireless Phone Charger',
  'Rain-Sensing Wipers',
  'Auto-Dimming Rear-View Mirror',
  'Heated Front Seats',
  'Power Driver Seat',
  'Leather-Accented Seats',
  'Head-Up Display',
  '360-Degree Camera',
  'Panoramic Sunroof',
  'Premium Sound System',
  'Power Tailgate',
  'Ventilated Front Seats',
  'Traffic Sign Recognition',
  'Driver Attention Alert',
  'Tyre Pressure Monitoring',
  'Electric Park Brake',
];
const EQUIPMENT_4X4 = ['Rear Differential Lock', 'Hill Descent Control', 'Trailer Sway Control', 'Tow Bar', 'Side Steps', 'Tub Liner', 'Snorkel', 'Downhill Assist Control'];
const EQUIPMENT_EV = ['DC Fast Charging', 'Vehicle-to-Load (V2L)', 'Heat Pump', 'Regenerative Braking Paddles', 'Type 2 Charging Cable'];
const EQUIPMENT_HYBRID = ['EV Drive Mode', 'Energy Monitor', 'Regenerative Braking'];
const EQUIPMENT_MOTO = ['ABS', 'Traction Control', 'Ride Modes', 'Quickshifter', 'LED Lighting', 'TFT Display', 'Cruise Control', 'Slipper Clutch', 'USB Charging', 'Heated Grips', 'Smartphone Connectivity', 'Adjustable Suspension'];
const EQUIPMENT_TRUCK = ['Reversing Camera', 'Bluetooth', 'Cruise Control', 'Driver and Passenger Airbags', 'Exhaust Brake', 'Electronic Stability Control', 'Air Conditioning', 'Power Windows', 'Central Locking', 'Lane Departure Warning', 'Autonomous Emergency Braking', 'Tachograph', 'Heavy-Duty Suspension'];

/** The equipment pool for a vehicle: the first items are the basics every car has. */
export function equipmentPool(spec: ModelSpec, variant: Variant): string[] {
  if (spec.kind === 'motorcycle') return EQUIPMENT_MOTO;
  if (spec.kind === 'truck') return EQUIPMENT_TRUCK;
  const extra =
    variant.fuel === 'electric' ? EQUIPMENT_EV : variant.fuel === 'hybrid' || variant.fuel === 'phev' ? EQUIPMENT_HYBRID : [];
  const offroad = variant.drive === '4x4' ? EQUIPMENT_4X4 : [];
  return [...EQUIPMENT_CAR.slice(0, 8), ...extra, ...offroad, ...EQUIPMENT_CAR.slice(8)];
}
