/**
 * The three demo tenants: their tenant.json (as written, before defaults) and the stock profile the
 * stock generator follows. Dates that depend on "now" (holiday hours) are computed from it.
 */
import type { StockProfile } from './stock.ts';

export interface DemoTenant {
  slug: string;
  count: number;
  config: Record<string, unknown>;
  profile: StockProfile;
}

type Hours = { weekday: number; status: 'Open' | 'Closed'; open?: string; close?: string; formated_hours?: string }[];

function fmt12(t: string): string {
  const [h, m] = t.split(':').map(Number) as [number, number];
  const suffix = h >= 12 ? 'pm' : 'am';
  const hh = h % 12 === 0 ? 12 : h % 12;
  return `${hh}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Opening hours for Sunday..Saturday; null means closed. */
function hours(week: ([string, string] | null)[]): Hours {
  return week.map((slot, weekday) =>
    slot
      ? { weekday, status: 'Open' as const, open: slot[0], close: slot[1], formated_hours: `${fmt12(slot[0])} - ${fmt12(slot[1])}` }
      : { weekday, status: 'Closed' as const, formated_hours: 'Closed' },
  );
}

const SALES: [string, string] = ['08:30', '17:30'];
const SALES_HOURS = hours([null, SALES, SALES, SALES, SALES, SALES, ['08:30', '16:00']]);
const SALES_HOURS_LATE = hours([['10:00', '16:00'], SALES, SALES, SALES, ['08:30', '19:00'], SALES, ['09:00', '17:00']]);
const SERVICE_HOURS = hours([null, ['07:30', '17:30'], ['07:30', '17:30'], ['07:30', '17:30'], ['07:30', '17:30'], ['07:30', '17:00'], null]);
const PARTS_HOURS = hours([null, ['08:00', '17:00'], ['08:00', '17:00'], ['08:00', '17:00'], ['08:00', '17:00'], ['08:00', '17:00'], ['08:00', '12:00']]);
/** Weekdays differ (late Thursday), so the page must list them per day. */
const USED_HOURS = hours([null, ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '20:00'], ['09:00', '17:30'], ['09:00', '16:00']]);

/** The next occurrence (on or after now) of a month-day, as YYYY-MM-DD. */
function next(now: Date, month: number, day: number): string {
  let y = now.getUTCFullYear();
  if (Date.UTC(y, month - 1, day) < Date.UTC(y, now.getUTCMonth(), now.getUTCDate())) y++;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function holidays(now: Date, variant: 'closed' | 'boxing-open' | 'nested') {
  const list: Record<string, unknown>[] = [
    { date: next(now, 12, 25), status: 'Closed', name: 'Christmas Day' },
    variant === 'boxing-open'
      ? { date: next(now, 12, 26), status: 'Open', name: 'Boxing Day Sale', start_hour: '10:00', end_hour: '16:00' }
      : variant === 'nested'
        ? { date: next(now, 12, 26), status: 'Open', name: 'Boxing Day', hours: { begin: '09:00', end: '13:00' } }
        : { date: next(now, 12, 26), status: 'Closed', name: 'Boxing Day' },
    { date: next(now, 1, 1), status: 'Closed', name: "New Year's Day" },
    { date: next(now, 1, 26), status: 'Closed', name: 'Australia Day' },
  ];
  return list.sort((a, b) => ((a.date as string) < (b.date as string) ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------

function coastal(now: Date): DemoTenant {
  const slug = 'demo-coastal-toyota';
  return {
    slug,
    count: 150,
    config: {
      slug,
      name: 'Coastal Toyota',
      url: 'https://demo-coastal-toyota.example.com',
      tagline: 'Your Central Coast Toyota dealer since 1987',
      manufacturer: 'Toyota',
      theme: {
        primary: '#0e6e8c',
        primary_text: '#ffffff',
        accent: '#f2a900',
        background: '#f3f8fa',
        surface: '#ffffff',
        text: '#10242c',
        muted: '#4d626b',
        radius: '12px',
      },
      dealerships: [{ id: 1, slug: 'coastal-toyota', name: 'Coastal Toyota', make: 'Toyota', average_rating: 4.8, review_count: 1243 }],
      locations: [
        {
          id: 1,
          name: 'Coastal Toyota West Gosford',
          slug: 'west-gosford',
          primary: true,
          location_type: 'sales',
          manufacturers: ['Toyota'],
          dealership_id: 1,
          dealership_slug: 'coastal-toyota',
          dealer_license_number: 'MD 012345',
          motor_vehicle_repairer: 'MVRL 45678',
          address: { street: '272 Manns Road', city: 'West Gosford', state: 'NSW', postcode: '2250', lat: -33.4245, long: 151.3224 },
          contact_detail: {
            phone: '+61 2 4324 5500',
            landline_phone: '02 4324 5500',
            email: 'sales@demo-coastal-toyota.example.com',
            opening_hours: SALES_HOURS,
          },
          special_hours: holidays(now, 'boxing-open'),
          average_rating: 4.8,
          review_count: 1243,
        },
      ],
      plugins: { autogauge: true },
      contact: { new_phone: '02 4324 5511', used_phone: '02 4324 5522', email: 'sales@demo-coastal-toyota.example.com' },
      search: { hits_per_page: 21, results_per_row: 3, popular_makes: ['Toyota'] },
      finance: {
        provider: 'Manual',
        default_interest: 7.99,
        comparison_rate: 8.49,
        default_term_years: 5,
        min_amount: 5000,
        max_amount: 150000,
        establishment_fee: 395,
      },
      delivery_zones: [
        { name: 'Central Coast', price: 0, postcodes: ['2250-2263'] },
        { name: 'Sydney Metro', price: 390, postcodes: ['2000-2234', '2555-2574', '2745-2770'] },
        { name: 'Newcastle and Hunter', price: 450, postcodes: ['2264-2330'] },
        { name: 'ACT', price: 890, postcodes: ['2600-2620', '2900-2920'] },
        { name: 'Regional NSW', price: 1190, postcodes: ['2331-2554', '2575-2599', '2621-2744', '2771-2899'] },
      ],
      vdp_config: {
        show_map_section: true,
        default_media_view: 'gallery',
        video_placement: 'second',
        // The brand and one-dealership rules of the vehicle spec, switched on here to show them.
        share_copies_link: true,
        finance_path: '/finance-enquiry',
        coming_soon_no_test_drive: true,
      },
      features: {
        favourites: true,
        compare: true,
        fuel_tags: true,
        certified_badge: true,
        price_gauge: true,
        delivery_calculator: true,
        fuel_calculator: true,
        finance_quote: true,
      },
      listing: { recent_sold_days: 3, just_arrived_days: 8 },
      images: { width: 640, quality: 75 },
      leads: { email: 'leads@demo-coastal-toyota.example.com' },
      reserve: { deposit: 200, label: 'Reserve for $200' },
      reviews: { min_rating: 4 },
      stats: { locations: '1', brands: '1', years: '38+' },
    },
    profile: {
      slug,
      dealerName: 'Coastal Toyota',
      idStart: 410001,
      stockPrefix: 'CT',
      segments: [
        {
          name: 'toyota',
          share: 1,
          kind: 'car',
          newMakes: ['Toyota'],
          types: { new: 0.55, demo: 0.15, used: 0.3 },
          usedBias: { makes: ['Toyota'], share: 0.55 },
          usedExclude: ['Porsche', 'BMW', 'Mercedes-Benz', 'Audi'],
          usedMaxAge: 10,
          locations: [{ id: '1', dealership_slug: 'coastal-toyota', state: 'NSW', weight: 1 }],
        },
      ],
      certified: { makes: ['Toyota'], maxAge: 5, share: 0.8 },
      egcShare: 0.15,
      finance: { provider: 'Manual', rate: 7.99, comparison: 8.49, fee: 395 },
      signoff: 'Call Coastal Toyota on 02 4324 5500 or enquire online to book a test drive.',
      perks: [
        'Toyota Access capped-price servicing applies.',
        'Ask about Toyota Finance low-rate offers.',
        'Complimentary first service and a full tank of fuel on delivery.',
        'Trade-ins welcome: we will appraise yours while you test drive.',
        'Delivery available across the Central Coast and Sydney.',
        'Free 12-month roadside assistance.',
      ],
      watermark: 'Coastal Toyota',
      plate: 'COASTAL',
      accent: '#0e6e8c',
    },
  };
}

function southern(now: Date): DemoTenant {
  const slug = 'demo-southern-motor-group';
  return {
    slug,
    count: 1500,
    config: {
      slug,
      name: 'Southern Motor Group',
      url: 'https://demo-southern-motor-group.example.com',
      alternate_urls: ['https://staging.demo-southern-motor-group.example.com'],
      tagline: 'Six sites, three states, one promise: the right vehicle at the right price.',
      theme: {
        primary: '#1b2a4a',
        primary_text: '#ffffff',
        accent: '#c8a046',
        background: '#f5f5f2',
        surface: '#ffffff',
        text: '#1a1f2b',
        muted: '#565e6c',
        radius: '4px',
      },
      dealerships: [
        { id: 11, slug: 'southern-toyota', name: 'Southern Toyota Parramatta', make: 'Toyota', average_rating: 4.6, review_count: 812 },
        { id: 12, slug: 'southern-ford', name: 'Southern Ford Dandenong', make: 'Ford', average_rating: 4.4, review_count: 503 },
        { id: 13, slug: 'southern-hyundai-kia', name: 'Southern Hyundai Kia Springwood', make: 'Hyundai', average_rating: 4.7, review_count: 655 },
        { id: 14, slug: 'southern-isuzu', name: 'Southern Isuzu Trucks and UTE', make: 'Isuzu', average_rating: 4.5, review_count: 140 },
        // Motorcycles sell slower: sold bikes stay listed a week (the group's cars: 3 days).
        { id: 15, slug: 'southern-motorcycles', name: 'Southern Motorcycles', make: 'Yamaha', average_rating: 4.9, review_count: 221, recent_sold_days: 7 },
      ],
      locations: [
        {
          id: 1,
          name: 'Southern Toyota Parramatta',
          slug: 'southern-toyota-parramatta',
          primary: true,
          location_type: 'sales',
          manufacturers: ['Toyota'],
          dealership_id: 11,
          dealership_slug: 'southern-toyota',
          dealer_license_number: 'MD 054321',
          motor_vehicle_repairer: 'MVRL 61234',
          address: { street: '85 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150', lat: -33.806, long: 151.003 },
          contact_detail: { phone: '+61 2 9635 1100', email: 'toyota@demo-southern-motor-group.example.com', opening_hours: SALES_HOURS_LATE },
          special_hours: holidays(now, 'boxing-open'),
          average_rating: 4.6,
          review_count: 812,
        },
        {
          id: 2,
          name: 'Southern Toyota Parramatta Service',
          slug: 'southern-toyota-parramatta-service',
          location_type: 'service',
          manufacturers: ['Toyota'],
          dealership_id: 11,
          dealership_slug: 'southern-toyota',
          motor_vehicle_repairer: 'MVRL 61234',
          address: { street: '85 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150', lat: -33.806, long: 151.003 },
          contact_detail: { phone: '02 9635 1180', opening_hours: SERVICE_HOURS },
          special_hours: holidays(now, 'closed'),
        },
        {
          id: 3,
          name: 'Southern Ford Dandenong',
          slug: 'southern-ford-dandenong',
          location_type: 'sales',
          manufacturers: ['Ford'],
          dealership_id: 12,
          dealership_slug: 'southern-ford',
          dealer_license_number: 'LMCT 10987',
          motor_vehicle_repairer: 'VACC 22871',
          address: { street: '110 Princes Highway', city: 'Dandenong', state: 'VIC', postcode: '3175', lat: -37.987, long: 145.208 },
          contact_detail: { phone: '+61 3 9791 4400', email: 'ford@demo-southern-motor-group.example.com', opening_hours: SALES_HOURS },
          special_hours: holidays(now, 'nested'),
          average_rating: 4.4,
          review_count: 503,
        },
        {
          id: 4,
          name: 'Southern Ford Dandenong Parts',
          slug: 'southern-ford-dandenong-parts',
          location_type: 'parts',
          manufacturers: ['Ford'],
          dealership_id: 12,
          dealership_slug: 'southern-ford',
          address: { street: '110 Princes Highway', city: 'Dandenong', state: 'VIC', postcode: '3175', lat: -37.987, long: 145.208 },
          contact_detail: { phone: '03 9791 4455', opening_hours: PARTS_HOURS },
          special_hours: holidays(now, 'closed'),
        },
        {
          id: 5,
          name: 'Southern Hyundai Kia Springwood',
          slug: 'southern-hyundai-kia-springwood',
          location_type: 'sales',
          manufacturers: ['Hyundai', 'Kia'],
          dealership_id: 13,
          dealership_slug: 'southern-hyundai-kia',
          dealer_license_number: 'MDL 3456789',
          motor_vehicle_repairer: 'QLD MVR 8812',
          address: { street: '3370 Pacific Highway', city: 'Springwood', state: 'QLD', postcode: '4127', lat: -27.613, long: 153.128 },
          contact_detail: { phone: '+61 7 3208 7700', email: 'hyundaikia@demo-southern-motor-group.example.com', opening_hours: SALES_HOURS_LATE },
          special_hours: holidays(now, 'boxing-open'),
          average_rating: 4.7,
          review_count: 655,
        },
        {
          id: 6,
          name: 'Southern Isuzu and Motorcycles Eagle Farm',
          slug: 'southern-eagle-farm',
          location_type: 'sales',
          location_subtype: 'Trucks, UTE and motorcycles',
          manufacturers: ['Isuzu', 'Hino', 'Yamaha', 'Honda', 'Kawasaki'],
          dealership_id: 14,
          dealership_slug: 'southern-isuzu',
          dealer_license_number: 'MDL 3456790',
          motor_vehicle_repairer: 'QLD MVR 8813',
          address: { street: '1250 Kingsford Smith Drive', city: 'Eagle Farm', state: 'QLD', postcode: '4009', lat: -27.433, long: 153.086 },
          contact_detail: {
            phone: '07 3868 2200',
            landline_phone: '+61 7 3868 2200',
            email: 'commercial@demo-southern-motor-group.example.com',
            opening_hours: SALES_HOURS,
          },
          special_hours: holidays(now, 'closed'),
          average_rating: 4.5,
          review_count: 361,
        },
      ],
      plugins: { autogauge: true, ppsr_report: true },
      contact: {
        new_phone: '1300 555 123',
        used_phone: '0412 555 019',
        call_us_override: '1300 555 123',
        email: 'hello@demo-southern-motor-group.example.com',
      },
      search: {
        hits_per_page: 24,
        results_per_row: 4,
        promo_positions: [5, 14],
        scroll_to_top: true,
        price_ascending_excludes_zero: true,
        show_facet_max: true,
        popular_makes: ['Toyota', 'Ford', 'Hyundai', 'Kia', 'Isuzu', 'Yamaha'],
      },
      finance: {
        provider: 'Angle',
        default_interest: 8.95,
        comparison_rate: 9.62,
        default_term_years: 5,
        min_amount: 5000,
        max_amount: 200000,
        establishment_fee: 495,
        hidden_dealerships: ['southern-motorcycles'],
        // The calculator options, switched on in this demo (the others keep the defaults): no interest
        // slider (the rate as text), no residual, a list of terms, the shared calculator page, one
        // dealership's fees (the spec's $395 / $6 / $8 a month / $912.25), another's fixed 12.94%, and
        // a disclaimer with the comparison rate range placeholders.
        interest_slider: 'hidden',
        hide_residual: true,
        terms: [1, 2, 3, 4, 5],
        shared_calculator: true,
        dealerships: {
          'southern-toyota': { establishment_fee: 395, security_registration_fee: 6, monthly_account_fee: 8, dealer_agency_fee: 912.25 },
          'southern-ford': { fixed_rate: 12.94 },
        },
        lender_fees: { Taurus: { establishment_fee: 1300 }, 'Nissan Finance': { establishment_fee: 1360.5, fixed: true } },
        disclaimer:
          'Comparison rates from {comparison_rate_min} to {comparison_rate_max} p.a. are based on a 5-year secured fixed loan of $30,000 with no deposit; this calculator uses {interest_rate} p.a. (comparison rate {comparison_rate} p.a.). Different amounts and terms will result in different comparison rates. Repayment estimates are a guide only and include the fees listed. Approved applicants only.',
      },
      delivery_zones: [
        { name: 'Sydney Metro', price: 0, postcodes: ['2000-2234', '2555-2574', '2745-2770'] },
        { name: 'Melbourne Metro', price: 0, postcodes: ['3000-3207', '3335-3341', '3427-3442', '3750-3810', '3910-3920', '3926-3944', '3975-3978'] },
        { name: 'Brisbane Metro', price: 0, postcodes: ['4000-4179', '4205-4212', '4300-4305', '4500-4519'] },
        { name: 'Regional NSW and ACT', price: 650, postcodes: ['2235-2554', '2575-2744', '2771-2999'] },
        { name: 'Regional VIC', price: 650, postcodes: ['3211-3334', '3342-3426', '3443-3749', '3811-3909', '3921-3925', '3945-3974', '3979-3999'] },
        { name: 'Regional QLD', price: 850, postcodes: ['4180-4204', '4213-4299', '4306-4499', '4520-4899'] },
        { name: 'South Australia', price: 1250, postcodes: ['5000-5799'] },
        { name: 'Tasmania', price: 1650, postcodes: ['7000-7799'] },
      ],
      vdp_config: { show_map_section: true, default_media_view: 'gallery', video_placement: 'middle', apply_for_finance_dealerships: ['southern-ford'] },
      features: {
        favourites: true,
        compare: true,
        watchlist: true,
        reserve_online: true,
        buy_online_path: true,
        fuel_tags: true,
        show_view_count: true,
        phone_filtering_by_car_type: true,
        sticky_bars: true,
        finance_quote: true,
        delivery_calculator: true,
        terms_checkbox: true,
        price_gauge: true,
      },
      texts: { no_price: 'Call for price', sold_tag: 'JUST SOLD' },
      listing: { recent_sold_days: 3, just_arrived_days: 8 },
      leads: { email: 'leads@demo-southern-motor-group.example.com' },
      gating: { checkout: true, finance: true, garage_path: '/mysouthern' },
      // The spec's service booking list: Toyota and Hyundai book in their brand's system; the rest at /service.
      service_bookings: [
        { dealership: 'southern-toyota', make: 'Toyota', url: 'https://service.demo-southern-motor-group.example.com/toyota-parramatta' },
        { dealership: 'southern-hyundai-kia', make: 'Hyundai', url: 'https://service.demo-southern-motor-group.example.com/hyundai-springwood' },
      ],
      reserve: { deposit: 500, label: 'Reserve for $500' },
      reviews: { min_rating: 4 },
      stats: { locations: '6', brands: '9', years: '45+' },
    },
    profile: {
      slug,
      dealerName: 'Southern Motor Group',
      idStart: 520001,
      stockPrefix: 'SMG',
      segments: [
        {
          name: 'toyota',
          share: 0.3,
          kind: 'car',
          newMakes: ['Toyota'],
          types: { new: 0.52, demo: 0.12, used: 0.36 },
          usedBias: { makes: ['Toyota'], share: 0.45 },
          usedMaxAge: 12,
          locations: [{ id: '1', dealership_slug: 'southern-toyota', state: 'NSW', weight: 1 }],
        },
        {
          name: 'ford',
          share: 0.2,
          kind: 'car',
          newMakes: ['Ford'],
          types: { new: 0.48, demo: 0.1, used: 0.42 },
          usedBias: { makes: ['Ford', 'Holden', 'Mazda'], share: 0.5 },
          usedMaxAge: 12,
          locations: [{ id: '3', dealership_slug: 'southern-ford', state: 'VIC', weight: 1 }],
        },
        {
          name: 'hyundai-kia',
          share: 0.25,
          kind: 'car',
          newMakes: ['Hyundai', 'Kia'],
          types: { new: 0.55, demo: 0.1, used: 0.35 },
          usedBias: { makes: ['Hyundai', 'Kia'], share: 0.4 },
          usedMaxAge: 12,
          locations: [{ id: '5', dealership_slug: 'southern-hyundai-kia', state: 'QLD', weight: 1 }],
        },
        {
          name: 'isuzu-ute',
          share: 0.06,
          kind: 'car',
          newMakes: ['Isuzu'],
          types: { new: 0.6, demo: 0.1, used: 0.3 },
          usedBias: { makes: ['Isuzu', 'Toyota', 'Mitsubishi', 'Nissan'], share: 0.7 },
          usedMaxAge: 10,
          locations: [{ id: '6', dealership_slug: 'southern-isuzu', state: 'QLD', weight: 1 }],
        },
        {
          name: 'trucks',
          share: 0.06,
          kind: 'truck',
          newMakes: ['Isuzu', 'Hino', 'Fuso'],
          types: { new: 0.6, demo: 0.05, used: 0.35 },
          usedMaxAge: 9,
          locations: [{ id: '6', dealership_slug: 'southern-isuzu', state: 'QLD', weight: 1 }],
        },
        {
          name: 'motorcycles',
          share: 0.09,
          kind: 'motorcycle',
          newMakes: ['Yamaha', 'Honda', 'Kawasaki'],
          types: { new: 0.6, demo: 0.05, used: 0.35 },
          usedMaxAge: 10,
          locations: [{ id: '6', dealership_slug: 'southern-motorcycles', state: 'QLD', weight: 1 }],
        },
      ],
      certified: { maxAge: 4, share: 0.3 },
      egcShare: 0.1,
      finance: { provider: 'Angle', rate: 8.95, comparison: 9.62, fee: 495 },
      signoff: 'Enquire now and one of our product specialists will be in touch within the hour.',
      perks: [
        'Southern Motor Group 7-day change-of-mind guarantee.',
        'Fixed-price delivery to your door across NSW, VIC and QLD.',
        'Same-day finance approval for approved applicants.',
        'Every used vehicle has passed a 150-point inspection.',
        'Trade-ins welcome, any make or model, even if it is not paid off.',
        'Extended warranty available.',
        'Reserve online for a refundable deposit.',
      ],
      watermark: 'Southern Motor Group',
      plate: 'SOUTHERN',
      accent: '#1b2a4a',
    },
  };
}

function redline(now: Date): DemoTenant {
  const slug = 'demo-redline-used-cars';
  return {
    slug,
    count: 400,
    config: {
      slug,
      name: 'Redline Used Cars',
      url: 'https://demo-redline-used-cars.example.com',
      tagline: "Perth's used car specialists: fair prices, no pressure.",
      theme: {
        primary: '#c8102e',
        primary_text: '#ffffff',
        accent: '#111111',
        background: '#fafafa',
        surface: '#ffffff',
        text: '#141414',
        muted: '#5a5a5a',
        radius: '0px',
        heading_font_family: 'Impact, "Arial Narrow Bold", "Helvetica Neue", sans-serif',
      },
      dealerships: [{ id: 31, slug: 'redline-used-cars', name: 'Redline Used Cars', average_rating: 4.3, review_count: 388 }],
      locations: [
        {
          id: 1,
          name: 'Redline Osborne Park',
          slug: 'osborne-park',
          primary: true,
          location_type: 'sales',
          dealership_id: 31,
          dealership_slug: 'redline-used-cars',
          dealer_license_number: 'MD 28456',
          address: { street: '420 Scarborough Beach Road', city: 'Osborne Park', state: 'WA', postcode: '6017', lat: -31.901, long: 115.815 },
          contact_detail: { phone: '+61 8 9446 2100', email: 'osbornepark@demo-redline-used-cars.example.com', opening_hours: USED_HOURS },
          special_hours: holidays(now, 'boxing-open'),
          average_rating: 4.3,
          review_count: 251,
        },
        {
          id: 2,
          name: 'Redline Cannington',
          slug: 'cannington',
          location_type: 'used',
          // A used-car yard that also buys cars: listed on /sell-your-car with a Sell Your Car action.
          location_subtype: 'Pre-owned sales and buying',
          dealership_id: 31,
          dealership_slug: 'redline-used-cars',
          dealer_license_number: 'MD 28457',
          address: { street: '1466 Albany Highway', city: 'Cannington', state: 'WA', postcode: '6107', lat: -32.017, long: 115.94 },
          contact_detail: { phone: '08 9350 6600', opening_hours: hours([null, SALES, SALES, SALES, SALES, SALES, null]) },
          special_hours: holidays(now, 'nested'),
          average_rating: 4.2,
          review_count: 137,
        },
      ],
      plugins: { car_analysis: true, ppsr_report: true },
      contact: { used_phone: '08 9446 2100', email: 'sales@demo-redline-used-cars.example.com' },
      search: { hits_per_page: 21, results_per_row: 3, popular_makes: ['Toyota', 'Ford', 'Mazda', 'Hyundai', 'Holden', 'Nissan'] },
      finance: {
        provider: '360 Finance',
        default_interest: 10.95,
        comparison_rate: 11.8,
        default_term_years: 6,
        min_amount: 3000,
        max_amount: 120000,
        establishment_fee: 590,
      },
      delivery_zones: [
        { name: 'Perth Metro', price: 0, postcodes: ['6000-6199'] },
        { name: 'Peel', price: 250, postcodes: ['6207-6215'] },
        { name: 'South West', price: 450, postcodes: ['6220-6290'] },
        { name: 'Wheatbelt and Goldfields', price: 850, postcodes: ['6300-6499'] },
        { name: 'North West', price: 2200, postcodes: ['6700-6770'] },
      ],
      vdp_config: { show_map_section: false, default_media_view: 'gallery', video_placement: 'end' },
      features: {
        favourites: true,
        compare: true,
        price_gauge: true,
        fuel_calculator: true,
        unregistered_text: true,
        closed_by_appointment: true,
        message_optional: true,
        promo_popup: true,
        phone_unmasked: true,
        delivery_calculator: true,
        // The spec's variants: online trade-in estimates up to 10 years old, and the high money quick picks.
        trade_in_ten_years: true,
        high_money_quick_picks: true,
      },
      texts: { new_arrival: 'Fresh In', no_price: 'Call us for today’s price' },
      listing: { recent_sold_days: 5, just_arrived_days: 10 },
      leads: { email: 'leads@demo-redline-used-cars.example.com' },
      // A used-car yard that values any car without an account: the trade-in valuation is not gated.
      gating: { trade_in: false },
      // Tag manager and pixel, loaded on the first interaction (the e2e tests stand in for both hosts).
      analytics: { gtm_id: 'GTM-RDLN42', pixel_id: '1234567890123' },
      // This demo advertises its marketplace feeds in robots.txt and sitemap.xml (the others keep the default: not listed).
      feeds: { list_in_robots: true },
      // Two reviews the dealer hid (the spec's hidden list of two): never listed, the aggregate unchanged.
      reviews: { min_rating: 4, hidden: [2, 5] },
      stats: { locations: '2', brands: '30+', years: '12+' },
    },
    profile: {
      slug,
      dealerName: 'Redline Used Cars',
      idStart: 630001,
      stockPrefix: 'RL',
      segments: [
        {
          name: 'osborne-park',
          share: 0.58,
          kind: 'car',
          newMakes: ['Toyota', 'Mazda', 'Hyundai', 'Kia', 'MG'],
          types: { used: 0.95, demo: 0.05 },
          usedMaxAge: 15,
          locations: [{ id: '1', dealership_slug: 'redline-used-cars', state: 'WA', weight: 1 }],
        },
        {
          name: 'cannington',
          share: 0.4,
          kind: 'car',
          newMakes: ['Toyota', 'Mazda', 'Hyundai', 'Kia', 'MG'],
          types: { used: 0.96, demo: 0.04 },
          usedMaxAge: 15,
          locations: [{ id: '2', dealership_slug: 'redline-used-cars', state: 'WA', weight: 1 }],
        },
        {
          name: 'bikes',
          share: 0.02,
          kind: 'motorcycle',
          newMakes: [],
          types: { used: 1 },
          usedMaxAge: 10,
          locations: [{ id: '1', dealership_slug: 'redline-used-cars', state: 'WA', weight: 1 }],
        },
      ],
      certified: { maxAge: 6, share: 0.15 },
      egcShare: 0,
      finance: { provider: '360 Finance', rate: 10.95, comparison: 11.8, fee: 590 },
      signoff: 'Redline Used Cars: 5-star rated, family owned, open 7 days by appointment.',
      perks: [
        'Every car comes with a current WA roadworthy and a PPSR certificate.',
        '3-month / 5,000 km statutory warranty applies where eligible.',
        'Finance available for all credit types.',
        'We buy cars: instant cash offers for your current vehicle.',
        'Interstate buyers welcome, we can arrange transport.',
        'Independent inspections welcome (RAC mobile inspections available).',
        'Drive away no more to pay.',
      ],
      watermark: 'Redline Used Cars',
      plate: 'REDLINE',
      accent: '#c8102e',
    },
  };
}

export function demoTenants(now: Date): DemoTenant[] {
  return [coastal(now), southern(now), redline(now)];
}
