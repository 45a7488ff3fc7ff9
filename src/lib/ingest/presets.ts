/**
 * Named mappings for the feed shapes dealers already have (`stock.preset` in tenant.json). Each maps
 * the feed's own columns onto the spec's Car fields with the declarative mapping of
 * schemas/stock-source.ts; a tenant's own `stock.mapping` entries replace the preset's field by field.
 * Column names are matched ignoring case, spaces and punctuation ("Stock No" = "stockno" = "STOCK_NO"),
 * and a list of columns means "the first one present" (or, for lists, all of them joined).
 * Sources and the reasoning behind each value lookup: docs/tenant-config.md, "Presets".
 */
import type { FieldMapping, StockPresetName } from '../schemas/stock-source.ts';

type Mapping = Record<string, FieldMapping>;
const m = (from: string | string[], rest: Omit<Extract<FieldMapping, object>, 'from' | 'separator'> & { separator?: string } = {}): FieldMapping => ({
  from,
  separator: rest.separator ?? '|',
  ...rest,
});

// Shared value lookups (keys compared case-insensitively).
const CAR_TYPE = {
  new: 'new',
  n: 'new',
  'brand new': 'new',
  showroom: 'new',
  demo: 'demo',
  demonstrator: 'demo',
  'ex-demo': 'demo',
  'ex demo': 'demo',
  used: 'used',
  u: 'used',
  'pre-owned': 'used',
  'pre owned': 'used',
  'second hand': 'used',
  cpo: 'used',
  'certified pre-owned': 'used',
  'certified used': 'used',
  'approved used': 'used',
};
const CERTIFIED = { cpo: true, 'certified pre-owned': true, 'certified used': true, 'approved used': true };
const STATUS = {
  available: 'in_stock',
  'for sale': 'in_stock',
  'in stock': 'in_stock',
  instock: 'in_stock',
  in_stock: 'in_stock',
  active: 'in_stock',
  pending: 'in_stock',
  'under offer': 'in_stock',
  'deposit taken': 'in_stock',
  sold: 'sold',
  withdrawn: 'sold',
  delivered: 'sold',
  not_available: 'sold',
  'not available': 'sold',
  'out of stock': 'sold',
  'coming soon': 'coming_soon',
  coming_soon: 'coming_soon',
  arriving: 'coming_soon',
  'in transit': 'coming_soon',
  'on order': 'coming_soon',
  incoming: 'coming_soon',
};
/** Price qualifiers as dealer systems and Google write them; the price display rule reads these two. */
const PRICE_TYPE = {
  dap: 'drive_away',
  'drive away': 'drive_away',
  driveaway: 'drive_away',
  'drive-away': 'drive_away',
  'd/a': 'drive_away',
  'incl govt charges': 'drive_away',
  'including government charges': 'drive_away',
  igc: 'drive_away',
  drive_away_price: 'drive_away',
  estimated_drive_away_price: 'drive_away',
  egc: 'egc',
  'excl govt charges': 'egc',
  'excl. govt. charges': 'egc',
  'excluding government charges': 'egc',
  excluding_government_charges_price: 'egc',
};
const TRANSMISSION = {
  automatic: 'Automatic',
  auto: 'Automatic',
  a: 'Automatic',
  at: 'Automatic',
  cvt: 'Automatic',
  dct: 'Automatic',
  manual: 'Manual',
  m: 'Manual',
  mt: 'Manual',
};
const FUEL = {
  gasoline: 'Petrol',
  petrol: 'Petrol',
  ulp: 'Petrol',
  pulp: 'Petrol',
  unleaded: 'Petrol',
  'premium unleaded': 'Petrol',
  diesel: 'Diesel',
  hybrid: 'Hybrid',
  plugin_hybrid: 'Plug-in Hybrid',
  phev: 'Plug-in Hybrid',
  'plug-in hybrid': 'Plug-in Hybrid',
  electric: 'Electric',
  ev: 'Electric',
  bev: 'Electric',
  lpg: 'LPG',
  flex: 'Other',
};
const DRIVE = { fwd: 'FWD', rwd: 'RWD', awd: 'AWD', four_wd: '4WD', '4x4': '4WD', '4wd': '4WD', two_wd: '2WD', '4x2': '2WD', '2wd': '2WD' };
const BODY = {
  sedan: 'Sedan',
  saloon: 'Sedan',
  notchback: 'Sedan',
  wagon: 'Wagon',
  estate: 'Wagon',
  station_wagon: 'Wagon',
  hatchback: 'Hatch',
  small_car: 'Hatch',
  supermini: 'Hatch',
  city_car: 'Hatch',
  pickup: 'Ute',
  ute: 'Ute',
  truck: 'Ute',
  suv: 'SUV',
  compact_suv: 'SUV',
  crossover: 'SUV',
  minivan: 'People Mover',
  mpv: 'People Mover',
  minibus: 'People Mover',
  van: 'Van',
  full_size_van: 'Van',
  coupe: 'Coupe',
  sportscar: 'Coupe',
  grandtourer: 'Coupe',
  convertible: 'Convertible',
  roadster: 'Convertible',
  // Heavy vehicles: the spec's truck and bus types (browse-and-site.md), never Ute.
  'prime mover': 'Cab Chassis',
  prime_mover: 'Cab Chassis',
  'cab chassis': 'Cab Chassis',
  cab_chassis: 'Cab Chassis',
  'cab-chassis': 'Cab Chassis',
  'chassis cab': 'Cab Chassis',
  'light truck': 'Light Truck',
  light_truck: 'Light Truck',
  bus: 'Bus',
  coach: 'Bus',
};

/** Google's vehicle ads (Merchant Center) and vehicle listings feeds: both header sets are read. */
const GOOGLE: Mapping = {
  id: m(['id', 'vin']),
  stocknum: m(['id']),
  vin: m(['vin']),
  name: m(['title']),
  dealercomments: m(['description'], { transform: 'html_text' }),
  make: m(['make', 'brand']),
  model: m(['model']),
  badge: m(['trim']),
  year: m(['year'], { transform: 'integer' }),
  km: m(['mileage'], { transform: 'integer' }),
  price: m(['sale_price', 'price'], { transform: 'money' }),
  before_price: m(['price'], { transform: 'money' }),
  offer_price: m(['sale_price'], { transform: 'money' }),
  price_type: m(['vehicle_price_type'], { values: PRICE_TYPE }),
  car_type: m(['condition'], { values: CAR_TYPE }),
  certified: m(['certified_pre-owned', 'certified_pre_owned']),
  colour: m(['exterior_color', 'color']),
  interior_colour: m(['interior_color']),
  body: m(['body_style'], { values: BODY }),
  engine_size: m(['engine']),
  fuel: m(['fuel_type'], { values: FUEL }),
  trans: m(['transmission'], { values: TRANSMISSION }),
  drive: m(['drivetrain'], { values: DRIVE }),
  primary_image_url: m(['image_link']),
  images: m(['image_link', 'additional_image_link'], { transform: 'images', separator: ',' }),
  status: m(['availability'], { values: STATUS, default: 'in_stock' }),
  location_name: m(['dealership_name']),
  // A Google store code names one store: the tenant's location id.
  location_id: m(['store_code']),
  created_at: m(['date_in_stock'], { transform: 'timestamp' }),
  standardEquipment: m(['vehicle_option'], { transform: 'list', separator: ',' }),
  // Read so a price in another currency is rejected by name (ingest), never shown as dollars.
  currency: m(['currency', 'price_currency']),
};

/** Meta's automotive inventory (vehicle) catalog, CSV/TSV with flattened columns or XML. */
const IMAGE_COLUMNS = Array.from({ length: 20 }, (_, i) => `image[${i}].url`);
const META: Mapping = {
  id: m(['vehicle_id', 'vin']),
  stocknum: m(['vehicle_id']),
  vin: m(['vin']),
  name: m(['title']),
  dealercomments: m(['description'], { transform: 'html_text' }),
  make: m(['make']),
  model: m(['model']),
  badge: m(['trim']),
  year: m(['year'], { transform: 'integer' }),
  // Meta says the unit beside the value (KM or MI): miles are converted to km.
  km: m(['mileage.value', 'mileage'], { transform: 'integer', unit: 'mileage.unit' }),
  price: m(['sale_price', 'price'], { transform: 'money' }),
  before_price: m(['price'], { transform: 'money' }),
  offer_price: m(['sale_price'], { transform: 'money' }),
  // state_of_vehicle is new/used; Meta's `condition` is the car's physical condition, not read.
  car_type: m(['state_of_vehicle'], { values: CAR_TYPE }),
  certified: m(['state_of_vehicle'], { values: CERTIFIED, otherwise: false }),
  status: m(['availability'], { values: STATUS, default: 'in_stock' }),
  body: m(['body_style'], { values: BODY }),
  colour: m(['exterior_color']),
  interior_colour: m(['interior_color']),
  fuel: m(['fuel_type'], { values: FUEL }),
  trans: m(['transmission'], { values: TRANSMISSION }),
  drive: m(['drivetrain'], { values: DRIVE }),
  regplate: m(['vehicle_registration_plate']),
  primary_image_url: m(['image[0].url', 'image_link']),
  images: m([...IMAGE_COLUMNS, 'image_link'], { transform: 'images' }),
  created_at: m(['date_first_on_lot'], { transform: 'timestamp' }),
  dealership_id: m(['dealer_id']),
  location_name: m(['dealer_name']),
  city: m(['address.city']),
  state: m(['address.region']),
  currency: m(['currency', 'price_currency']),
};

/** A typical Australian dealer-management-system CSV export (the column names DMSs and carsales' CSN format use). */
const AU_DMS: Mapping = {
  id: m(['Stock No', 'StockNo', 'Stock Number', 'Stock #', 'Stock', 'Identification.StockNumber', 'VIN']),
  stocknum: m(['Stock No', 'StockNo', 'Stock Number', 'Stock #', 'Stock', 'Identification.StockNumber']),
  vin: m(['VIN', 'VIN Number', 'Chassis', 'Chassis No']),
  regplate: m(['Rego', 'Rego No', 'Registration', 'Registration Number', 'Reg Plate', 'Plate', 'Registration.Number']),
  rego_expiry: m(['Rego Expiry', 'Rego Exp', 'Registration Expiry', 'Registration.Expires']),
  build_date: m(['Build Date', 'Build', 'BuildDate']),
  compliance_date: m(['Compliance Date', 'Compliance', 'Comp Date', 'ComplianceDate']),
  km: m(['Odometer', 'Odo', 'Kms', 'KM', 'Kilometres', 'Mileage', 'Odometer.Value'], { transform: 'integer' }),
  price: m(['Price', 'Sell Price', 'Selling Price', 'Internet Price', 'Web Price', 'Retail Price', 'Drive Away Price', 'EGC Price'], { transform: 'money' }),
  price_type: m(['Price Type', 'Price Qualifier', 'Price Label', 'PriceList.Type'], { values: PRICE_TYPE }),
  before_price: m(['Was Price', 'RRP'], { transform: 'money' }),
  offer_price: m(['Special Price', 'Sale Price'], { transform: 'money' }),
  car_type: m(['New/Used', 'NewUsed', 'UsedOrNew', 'Stock Type', 'Sale Type', 'ListingType', 'Type', 'Condition'], { values: CAR_TYPE }),
  certified: m(['Certified', 'CPO', 'Approved']),
  status: m(['Status', 'Sale Status', 'Stock Status', 'SaleStatus'], { values: STATUS, default: 'in_stock' }),
  make: m(['Make', 'Specification.Make']),
  model: m(['Model', 'Specification.Model']),
  badge: m(['Badge', 'Variant', 'Trim', 'Grade']),
  series: m(['Series', 'Model Code', 'Series Code']),
  year: m(['Year', 'Model Year', 'Build Year', 'Year Of Manufacture'], { transform: 'integer' }),
  body: m(['Body', 'Body Type', 'Body Style', 'BodyStyle']),
  colour: m(['Colour', 'Color', 'Ext Colour', 'Exterior Colour', 'Paint']),
  interior_colour: m(['Interior Colour', 'Interior', 'Trim Colour']),
  trans: m(['Transmission', 'Trans', 'Gearbox', 'GearType']),
  gearnum: m(['Gears', 'GearNumber'], { transform: 'integer' }),
  fuel: m(['Fuel Type', 'Fuel', 'FuelType']),
  engine_size: m(['Engine Size', 'Engine', 'Engine Capacity', 'EngineSize', 'CC']),
  seats: m(['Seats', 'Seating', 'SeatCapacity'], { transform: 'integer' }),
  doors: m(['Doors', 'DoorNumber'], { transform: 'integer' }),
  drive: m(['Drive Type', 'Drive', 'Drivetrain', 'Drive Train'], { values: DRIVE }),
  images: m(['Photos', 'Images', 'Image URLs', 'ImageList', 'Photo URLs', ...Array.from({ length: 30 }, (_, i) => `Photo${i + 1}`)], {
    transform: 'images',
    separator: ',',
  }),
  video_url: m(['Video', 'Video URL', 'YouTube']),
  dealercomments: m(['Comments', 'Description', 'Dealer Comments', 'Notes', 'Comment'], { transform: 'html_text' }),
  dealership_id: m(['Dealer ID', 'Dealer Code', 'DealerID']),
  location_id: m(['Location ID', 'Branch ID', 'Yard ID']),
  location_name: m(['Location', 'Branch', 'Yard', 'Site', 'Dealer Name']),
  city: m(['Suburb', 'City']),
  state: m(['State']),
  created_at: m(['Date In Stock', 'In Stock Date', 'Stocked Date', 'Date Added', 'DateInStock'], { transform: 'timestamp' }),
  sold_date_timestamp: m(['Sold Date', 'Date Sold', 'SoldDate'], { transform: 'timestamp' }),
  show_on_dealer_website: m(['Show On Web', 'ShowOnWeb', 'Web', 'Publish']),
  currency: m(['Currency', 'Price Currency']),
};

const PRESETS: Record<StockPresetName, Mapping> = {
  'google-vehicle-listings': GOOGLE,
  'meta-automotive': META,
  'au-dms-csv': AU_DMS,
};

/** The preset's mapping (a copy: callers merge the tenant's own entries over it). */
export function presetMapping(name: StockPresetName): Mapping {
  return { ...PRESETS[name] };
}
