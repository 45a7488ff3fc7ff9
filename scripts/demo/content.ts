/**
 * The demo tenants' content/ folders (slides, offers, reviews, features, blog, popup, pages, model
 * copy), logos and location pictures, so the three demo sites look and read like three different
 * dealers. All artwork is drawn here or by art.ts (our own, licence-clean); dates follow --now, so
 * the output is deterministic for a given date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadContent } from '../../src/io/content-folder.ts';
import type { ArtKind, PhotoSpec, Scene } from './art.ts';
import { JPEG_QUALITY, pool, renderJpeg } from './photos.ts';

/** One file to write under the tenant folder: text as is, or a picture rendered to JPEG. */
export type ContentFile = { path: string; text: string } | { path: string; photo: PhotoSpec } | { path: string; svg: string };

export interface DemoContent {
  /** Added to tenant.json (logo, header style, home settings). */
  config: Record<string, unknown>;
  files: ContentFile[];
}

const DAY = 86_400_000;
const iso = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const jsonFile = (path: string, value: unknown): ContentFile => ({ path, text: json(value) });

interface Brand {
  name: string;
  accent: string;
  plate: string;
}

function art(b: Brand, kind: ArtKind, colour: string, scene: Scene, view: PhotoSpec['view'] = 'side', mirror = false): PhotoSpec {
  return { art: kind, colour, view, scene, watermark: b.name, accent: b.accent, plate: b.plate, mirror };
}

/** A 1920 x 540 promotions banner: a bold line and a sub-line on the dealer's colours, with road stripes. */
function promotionSvg(bg: string, stripe: string, title: string, line: string, seed: number): string {
  const stripes = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${1180 + i * 130 + seed * 20} 540 L${1420 + i * 130 + seed * 20} 0" stroke="${stripe}" stroke-width="46" opacity="${0.35 + (i % 2) * 0.2}"/>`,
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="540" viewBox="0 0 1920 540"><rect width="1920" height="540" fill="${bg}"/>${stripes}` +
    `<text x="120" y="270" font-family="Impact, Arial Narrow, Arial, sans-serif" font-size="150" font-weight="700" fill="#ffffff">${title}</text>` +
    `<text x="124" y="360" font-family="Arial, sans-serif" font-size="56" fill="#ffffff" opacity="0.9">${line}</text></svg>`
  );
}

/** A showroom facade in the dealer's colours, for locations with a picture instead of a map. */
function buildingSvg(primary: string, accent: string, sign: string, seed: number): string {
  const w = 1280;
  const h = 720;
  const sky = seed % 2 ? '#cfe3f2' : '#f2dcc4';
  const panes = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${190 + i * 112}" y="330" width="96" height="230" fill="#9fc3d8" opacity="${0.75 + (i % 3) * 0.08}"/>`,
  ).join('');
  const flags = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${70 + i * 16}" y="${250 + (i % 2) * 10}" width="6" height="${330 - (i % 2) * 10}" fill="#777"/><rect x="${76 + i * 16}" y="${250 + (i % 2) * 10}" width="34" height="48" fill="${i % 2 ? accent : primary}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="${sky}"/>
<rect y="560" width="${w}" height="160" fill="#5d6166"/>
<rect y="600" width="${w}" height="8" fill="#f1f1f1" opacity=".7"/>
<rect x="150" y="200" width="980" height="360" fill="#eceff1"/>
<rect x="150" y="200" width="980" height="90" fill="${primary}"/>
<rect x="150" y="290" width="980" height="16" fill="${accent}"/>
<rect x="460" y="222" width="360" height="46" rx="6" fill="#ffffff" opacity=".95"/>
<rect x="480" y="238" width="${Math.min(320, sign.length * 14)}" height="14" rx="7" fill="${primary}"/>
${panes}
<rect x="600" y="420" width="120" height="140" fill="#6f95ab"/>
${flags}
<circle cx="1180" cy="120" r="46" fill="#fff6d8" opacity=".9"/>
</svg>`;
}

/** A simple wordmark logo: a mark in the brand colours and the name beside it. */
function logoSvg(kind: 'wave' | 'shield' | 'stripe', primary: string, accent: string, top: string, bottom: string): string {
  const mark =
    kind === 'wave'
      ? `<circle cx="24" cy="24" r="22" fill="${primary}"/><path d="M6 28c6-6 12-6 18 0s12 6 18 0v6c-6 6-12 6-18 0s-12-6-18 0z" fill="${accent}"/><path d="M8 20c5-5 11-5 16 0s11 5 16 0" stroke="#fff" stroke-width="3" fill="none"/>`
      : kind === 'shield'
        ? `<path d="M24 2l20 7v14c0 12-9 20-20 24C13 43 4 35 4 23V9z" fill="${primary}"/><path d="M24 10l4 9 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="${accent}"/>`
        : `<path d="M2 40L18 6h30L32 40z" fill="${primary}"/><path d="M14 40L30 6h6L20 40z" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48" role="img"><title>${top} ${bottom}</title>${mark}<text x="56" y="22" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="18" fill="currentColor" letter-spacing="1">${top}</text><text x="56" y="41" font-family="Arial, Helvetica, sans-serif" font-weight="600" font-size="12" fill="${accent}" letter-spacing="3">${bottom}</text></svg>\n`;
}

function coastal(now: Date): DemoContent {
  const b: Brand = { name: 'Coastal Toyota', accent: '#0e6e8c', plate: 'COASTAL' };
  const offers = [
    {
      id: 'hilux-sr5-drive-away',
      name: 'HiLux SR5 from $64,990 drive away',
      description: 'Tough, dependable and ready for the weekend. Includes floor mats and a tow bar.',
      disclaimer:
        'Offer available on new MY25 HiLux SR5 4x4 double cab automatic purchased and delivered between now and the end of the offer period at Coastal Toyota. Excludes fleet, government and rental buyers. While stocks last.',
      manufacturer: 'Toyota',
      model: { name: 'HiLux' },
      image: 'images/offer-hilux.jpg',
      category: 'Drive Away',
      price: 64990,
      expires: iso(now, 38),
    },
    {
      id: 'rav4-hybrid-finance',
      name: 'RAV4 Hybrid at 2.99% p.a.',
      description: 'Low-rate finance on every RAV4 Hybrid in stock. Comparison rate 3.49% p.a.',
      disclaimer:
        'Finance to approved applicants of Toyota Finance only. Comparison rate based on a 5 year secured fixed loan of $30,000. Fees and charges apply. Warning: this comparison rate is true only for the example given.',
      manufacturer: 'Toyota',
      model: { name: 'RAV4' },
      image: 'images/offer-rav4.jpg',
      category: 'Finance',
      price: 47990,
      expires: iso(now, 38),
    },
    {
      id: 'corolla-hybrid-service',
      name: 'Corolla Hybrid with 3 years free servicing',
      description: 'Drive away in a new Corolla Hybrid and your first three years of scheduled servicing are on us.',
      disclaimer:
        'Servicing offer covers scheduled log-book services up to 3 years or 45,000 km, whichever comes first, at Coastal Toyota. Not redeemable for cash.',
      manufacturer: 'Toyota',
      model: { name: 'Corolla' },
      image: 'images/offer-corolla.jpg',
      category: 'Servicing',
      price: 34990,
    },
    {
      id: 'prado-demo-clearance',
      name: 'LandCruiser Prado demo clearance',
      description: 'Save on low-kilometre Prado demonstrators with full new-car warranty.',
      manufacturer: 'Toyota',
      model: { name: 'LandCruiser Prado' },
      image: 'images/offer-prado.jpg',
      category: 'Demo Clearance',
      price: 72990,
      expires: iso(now, 20),
    },
    {
      id: 'yaris-cross-drive-away',
      name: 'Yaris Cross from $33,990 drive away',
      description: 'The compact hybrid SUV with a 10-year battery warranty, now with a drive-away price.',
      disclaimer: 'Drive-away price for a new Yaris Cross GX 2WD hybrid in a standard paint colour. Private buyers only.',
      manufacturer: 'Toyota',
      model: { name: 'Yaris Cross' },
      category: 'Drive Away',
      price: 33990,
    },
    {
      id: 'genuine-accessories',
      name: '20% off genuine accessories',
      description: 'Tow bars, roof racks and floor mats fitted by our parts team at 20% off.',
      category: 'Parts and Accessories',
    },
  ];
  const names = ['Megan R.', 'Tom W.', 'Priya S.', 'Daniel K.', 'Aaron P.', 'Lisa M.', 'Hamish B.', 'Jo C.'];
  const texts = [
    'Traded in our old Camry and drove out in a HiLux the same afternoon. No pressure, just good advice.',
    'Service department is excellent: car was ready when promised and they explained everything.',
    'Our salesperson found exactly the RAV4 colour we wanted and had it delivered in a week.',
    'Great finance rate and the paperwork took twenty minutes. Highly recommend.',
    'Friendly team, free coffee and a loan car while mine was serviced.',
    'Bought my daughter her first car here. They went through every feature with her.',
    'Honest appraisal on our trade-in, better than two other dealers offered.',
    'Quick test drive booking online, car was waiting when we arrived.',
  ];
  return {
    config: {
      logo: { url: 'content/images/logo.svg', alt: 'Coastal Toyota', width: 220, height: 48 },
      theme: { header: 'light' },
    },
    files: [
      { path: 'content/images/logo.svg', text: logoSvg('wave', '#0e6e8c', '#f2a900', 'COASTAL', 'TOYOTA') },
      { path: 'content/images/slide-hilux.jpg', photo: art(b, 'ute', '#eef0f2', 'coast') },
      { path: 'content/images/slide-finance.jpg', photo: art(b, 'suv', '#1f4f95', 'city', 'side', true) },
      { path: 'content/images/slide-service.jpg', photo: art(b, 'hatch', '#b01c26', 'showroom') },
      { path: 'content/images/offer-hilux.jpg', photo: art(b, 'ute', '#5f666e', 'dusk') },
      { path: 'content/images/offer-rav4.jpg', photo: art(b, 'suv', '#eef0f2', 'coast', 'front') },
      { path: 'content/images/offer-corolla.jpg', photo: art(b, 'hatch', '#1f4f95', 'studio') },
      { path: 'content/images/offer-prado.jpg', photo: art(b, 'suv', '#1b1d21', 'coast', 'side', true) },
      { path: 'content/images/team.jpg', photo: art(b, 'peopleMover', '#b9bec4', 'showroom') },
      { path: 'content/images/blog-towing.jpg', photo: art(b, 'ute', '#2e5b3c', 'dusk', 'rear') },
      { path: 'content/images/blog-hybrid.jpg', photo: art(b, 'hatch', '#eef0f2', 'city', 'interior') },
      jsonFile('content/slides.json', [
        {
          id: 1,
          name: 'The new HiLux has landed',
          description: 'Built for the Central Coast: work all week, beach all weekend.',
          url: '/models/hilux',
          image: 'images/slide-hilux.jpg',
          image_alt: 'A white Toyota HiLux on the coast road',
        },
        {
          id: 2,
          name: 'Low-rate finance on RAV4 Hybrid',
          description: '2.99% p.a. (comparison rate 3.49% p.a.) for approved buyers.',
          url: '/finance',
          image: 'images/slide-finance.jpg',
          image_alt: 'A blue RAV4 in the city',
        },
        {
          id: 3,
          name: 'Book your service online',
          description: 'Capped-price servicing and a free loan car.',
          url: '/service',
          image: 'images/slide-service.jpg',
          image_alt: 'A red Corolla in the service showroom',
        },
      ]),
      jsonFile('content/offers.json', offers),
      jsonFile('content/parts.json', [
        {
          id: 'towbar-hilux',
          name: 'Genuine tow bar kit',
          part_number: 'PZQ64-0K001',
          category: 'Towing',
          make: 'Toyota',
          price: 1290,
          description: 'Heavy-duty tow bar for HiLux, 3,500 kg rated, with wiring harness.',
        },
        {
          id: 'floor-mats-rav4',
          name: 'All-weather floor mats',
          part_number: 'PZ434-X0001',
          category: 'Interior',
          make: 'Toyota',
          price: 189,
          description: 'Rubber front and rear mats for RAV4.',
        },
        {
          id: 'roof-racks-landcruiser',
          name: 'Roof rack cross bars',
          part_number: 'PZ403-J0001',
          category: 'Exterior',
          make: 'Toyota',
          price: 545,
          description: 'Aluminium cross bars for LandCruiser Prado.',
        },
        {
          id: 'oil-filter',
          name: 'Oil filter',
          part_number: '90915-YZZE1',
          category: 'Service parts',
          make: 'Toyota',
          price: 22,
          description: 'Genuine oil filter for most Toyota petrol engines.',
        },
        { id: 'wiper-blades', name: 'Wiper blade set', part_number: '85212-0K050', category: 'Service parts', make: 'Toyota', price: 64 },
        {
          id: 'weather-shields',
          name: 'Weather shields',
          part_number: 'PZQ26-0K010',
          category: 'Exterior',
          make: 'Toyota',
          price: 279,
          description: 'Slimline weather shields for HiLux double cab, set of four.',
        },
      ]),
      jsonFile('content/features.json', [
        { title: 'Toyota-trained technicians', description: 'Genuine parts and log-book servicing that protects your warranty.' },
        { title: 'Toyota Access servicing', description: 'Capped-price servicing for the first 5 years or 75,000 km.' },
        { title: 'Local since 1987', description: 'Three generations of Central Coast families have bought from us.' },
        { title: 'Delivery to your door', description: 'Free delivery across the Central Coast, fixed prices to Sydney.' },
      ]),
      jsonFile('content/reviews.json', {
        average_rating: '4.8',
        count: 1243,
        source: 'Google',
        reviews: names.map((customer_name, i) => ({
          id: i + 1,
          customer_name,
          text: texts[i],
          rating: i === 4 ? 4 : 5,
          review_date: iso(now, -(3 + i * 9)),
          ...(i === 1 ? { reply_text: 'Thanks Tom, we will pass this on to the service team!', reply_date: iso(now, -10) } : {}),
          // A photo the customer added to their review.
          ...(i === 0 ? { image: 'images/offer-hilux.jpg' } : {}),
        })),
      }),
      jsonFile('content/blog.json', [
        {
          href: '/models/hilux',
          heading: 'Towing with your HiLux: what you need to know',
          description:
            'Braked towing capacity, tow ball download and the accessories that make hitching up on a boat ramp easy, explained by our service team.',
          date: iso(now, -12),
          image: 'images/blog-towing.jpg',
        },
        {
          href: '/models/corolla',
          heading: 'Is a hybrid right for you?',
          description: 'How Toyota hybrids work, what they cost to run on the Central Coast and why they are so popular with families.',
          date: iso(now, -40),
          image: 'images/blog-hybrid.jpg',
        },
      ]),
      {
        path: 'content/pages/about-us.md',
        text: `---\ntitle: "About Coastal Toyota"\ndescription: "Family-owned Toyota dealer on the Central Coast since 1987, with sales, service and genuine parts in West Gosford."\nimage: "../images/team.jpg"\nimage_alt: "Our showroom in West Gosford"\n---\nCoastal Toyota opened its doors on Manns Road in 1987 and has been family owned ever since.\n\n## What we do\n\n- New Toyota sales, including hybrid and electric models\n- Quality used and demo vehicles, every one inspected\n- Toyota Access capped-price servicing\n- Genuine parts and accessories\n\n## Our promise\n\nFair prices, honest advice and a team that will still be here when your car needs its next service. [Meet us in West Gosford](/locations/west-gosford).\n`,
      },
      {
        path: 'content/models/hilux.md',
        text: `---\nmake: "Toyota"\nmodel: "HiLux"\ntitle: "Toyota HiLux"\ndescription: "The Toyota HiLux at Coastal Toyota: Workmate, SR, SR5, Rogue and GR Sport in stock, with finance and trade-ins welcome."\nshort_description: "Australia's favourite ute, from the Workmate to the GR Sport."\nimage: "../images/slide-hilux.jpg"\nimage_alt: "Toyota HiLux"\n---\nWhether it is a tradie's workhorse or the family's weekend escape, there is a HiLux for the job.\n\n## Range\n\n| Grade | Engine | Drive |\n|---|---|---|\n| Workmate | 2.4L diesel | 4x2 |\n| SR | 2.8L diesel | 4x4 |\n| SR5 | 2.8L diesel | 4x4 |\n| Rogue | 2.8L diesel | 4x4 |\n| GR Sport | 2.8L diesel | 4x4 |\n`,
      },
    ],
  };
}

function southern(now: Date): DemoContent {
  const b: Brand = { name: 'Southern Motor Group', accent: '#1b2a4a', plate: 'SOUTHERN' };
  return {
    config: {
      logo: { url: 'content/images/logo.svg', alt: 'Southern Motor Group', width: 220, height: 48 },
      theme: { header: 'dark' },
      home: { featured_count: 6 },
    },
    files: [
      {
        path: 'content/images/logo.svg',
        text: logoSvg('shield', '#c8a046', '#c8a046', 'SOUTHERN', 'MOTOR GROUP').replace('fill="currentColor"', 'fill="#ffffff"'),
      },
      { path: 'content/images/slide-ranger.jpg', photo: art(b, 'ute', '#d8641b', 'dusk') },
      { path: 'content/images/slide-trucks.jpg', photo: art(b, 'lightTruck', '#eef0f2', 'city') },
      { path: 'content/images/slide-bikes.jpg', photo: art(b, 'motorcycle', '#1f4f95', 'coast', 'side', true) },
      { path: 'content/images/offer-ranger.jpg', photo: art(b, 'ute', '#1b1d21', 'studio') },
      { path: 'content/images/offer-tucson.jpg', photo: art(b, 'suv', '#5f666e', 'city') },
      { path: 'content/images/offer-sportage.jpg', photo: art(b, 'suv', '#b01c26', 'showroom', 'side', true) },
      { path: 'content/images/offer-dmax.jpg', photo: art(b, 'ute', '#eef0f2', 'coast', 'front') },
      { path: 'content/images/offer-mt07.jpg', photo: art(b, 'motorcycle', '#1b1d21', 'studio') },
      { path: 'content/images/rental.jpg', photo: art(b, 'van', '#eef0f2', 'city') },
      { path: 'content/images/parramatta.jpg', svg: buildingSvg('#1b2a4a', '#c8a046', 'SOUTHERN TOYOTA', 1) },
      { path: 'content/images/dandenong.jpg', svg: buildingSvg('#003478', '#c8a046', 'SOUTHERN FORD', 2) },
      jsonFile('content/slides.json', [
        {
          id: 'ranger',
          name: 'Ranger Wildtrak: drive away today',
          description: 'Huge range of Ranger and Everest in stock at Southern Ford Dandenong.',
          url: '/models/ranger',
          image: 'images/slide-ranger.jpg',
          image_alt: 'An orange Ford Ranger at dusk',
        },
        {
          id: 'trucks',
          name: 'Isuzu and Hino light trucks',
          url: '/southern-isuzu/overview',
          image: 'images/slide-trucks.jpg',
          image_alt: 'A white light truck in the city',
          hide_overlay: true,
        },
        {
          id: 'bikes',
          name: 'Ride into summer',
          description: 'Yamaha, Honda and Kawasaki: LAMS approved bikes from $8,990.',
          url: '/brands',
          image: 'images/slide-bikes.jpg',
          image_alt: 'A blue motorcycle on the coast',
        },
      ]),
      jsonFile('content/offers.json', [
        {
          id: 'ranger-wildtrak',
          name: 'Ranger Wildtrak bonus accessories',
          description: '$3,000 of genuine accessories with every new Ranger Wildtrak.',
          disclaimer:
            'Bonus accessories pack valued at $3,000 including fitting. Offer applies to new Ranger Wildtrak vehicles ordered and delivered by the end of the offer period at Southern Ford Dandenong. Not available with other offers.',
          manufacturer: 'Ford',
          model: { name: 'Ranger' },
          image: 'images/offer-ranger.jpg',
          category: 'Bonus Accessories',
          price: 79990,
          expires: iso(now, 25),
        },
        {
          id: 'tucson-hybrid',
          name: 'Tucson Hybrid with 5 years free servicing',
          description: 'Five years of capped-price servicing included on new Tucson Hybrid.',
          disclaimer: 'Servicing offer covers the first 5 scheduled services. Private buyers only.',
          manufacturer: 'Hyundai',
          model: { name: 'Tucson' },
          image: 'images/offer-tucson.jpg',
          category: 'Servicing',
          price: 52990,
          expires: iso(now, 40),
        },
        {
          id: 'sportage-gt-line',
          name: 'Sportage GT-Line drive away',
          description: 'Sharp drive-away pricing on Sportage GT-Line diesel and hybrid.',
          manufacturer: 'Kia',
          model: { name: 'Sportage' },
          image: 'images/offer-sportage.jpg',
          category: 'Drive Away',
          price: 49990,
        },
        {
          id: 'dmax-abn',
          name: 'D-MAX ABN holder bonus',
          description: 'Extra savings for ABN holders on D-MAX 4x4 crew cabs.',
          disclaimer: 'ABN holders only; proof of ABN registration required at time of order.',
          manufacturer: 'Isuzu',
          model: { name: 'D-MAX' },
          image: 'images/offer-dmax.jpg',
          category: 'Business',
          price: 61990,
          expires: iso(now, 12),
        },
        {
          id: 'mt-07-lams',
          name: 'MT-07 LAMS with free gear voucher',
          description: 'A $500 riding gear voucher with every new MT-07 LAMS.',
          manufacturer: 'Yamaha',
          model: { name: 'MT-07' },
          image: 'images/offer-mt07.jpg',
          category: 'Bonus Accessories',
          price: 12999,
        },
        {
          id: 'winter-service',
          name: 'Winter service check',
          description: 'Battery, tyres and fluids checked for $49 at any of our service centres.',
          expires: iso(now, -2),
        },
        {
          id: 'group-trade-in',
          name: 'Trade-in guarantee across the group',
          description: 'Get our trade-in price in writing at any Southern Motor Group site.',
        },
      ]),
      // The cards between search results: one for every search, one for new-car searches (and the
      // unfiltered search), one only on used-car searches, and one whose dates have passed (never shown).
      jsonFile('content/search-promos.json', [
        { title: 'Trade-in guarantee', text: 'Our trade-in price in writing at any Southern Motor Group site.', href: '/sell-your-car', cta: 'Value my car' },
        { title: 'New car finance', text: 'Talk to our finance team about a loan for your new car.', href: '/finance', cta: 'Get finance', display: ['new'] },
        {
          title: 'Every used car inspected',
          text: 'A 120-point inspection and a history report with every used car.',
          href: '/contact',
          cta: 'Ask us',
          display: ['used'],
          strict_display: true,
        },
        {
          title: 'Spring run-out',
          text: 'Last year’s run-out sale.',
          href: '/special-offers',
          cta: 'See offers',
          start: iso(now, -60),
          expires: iso(now, -30),
        },
      ]),
      jsonFile('content/features.json', [
        { title: 'Six sites, three states', description: 'Sydney, Melbourne and Brisbane: buy at one site, service at any.' },
        { title: 'Cars, trucks and bikes', description: 'Toyota, Ford, Hyundai, Kia, Isuzu, Hino, Yamaha, Honda and Kawasaki under one roof.' },
        { title: 'Fleet specialists', description: 'Dedicated fleet managers for businesses of every size.' },
      ]),
      jsonFile('content/blog.json', [
        {
          href: '/southern-isuzu/overview',
          heading: 'Choosing the right light truck licence',
          description: 'Car licence, LR or MR? What you can drive on each licence class, and which Isuzu and Hino models fit, explained by our truck team.',
          date: iso(now, -6),
        },
        {
          href: '/southern-rentals',
          heading: 'Need a ute for a week?',
          description: 'Southern Rentals now offers utes, vans and people movers by the day, week or month from Parramatta.',
          date: iso(now, -21),
          image: 'images/rental.jpg',
        },
      ]),
      {
        path: 'content/pages/southern-rentals.md',
        text: `---\ntitle: "Southern Rentals"\ndescription: "Ute, van and people mover rental by the day, week or month from Southern Motor Group Parramatta."\nimage: "../images/rental.jpg"\nimage_alt: "A white rental van"\n---\nSouthern Rentals is the rental arm of Southern Motor Group. Hire a late-model ute, van or people mover by the day, week or month.\n\n## Why rent from us\n\n- Vehicles under two years old, serviced by our own workshops\n- Long-term rates for businesses\n- Rent before you buy: rental fees credited when you buy the same model\n\n[Contact our Parramatta team](/contact-us/southern-toyota-parramatta) to book.\n`,
      },
      {
        path: 'content/pages/about-us.md',
        text: `---\ntitle: "About Southern Motor Group"\ndescription: "Southern Motor Group: six dealerships across New South Wales, Victoria and Queensland."\n---\nSouthern Motor Group began with one Toyota dealership in Parramatta and now runs six sites across three states.\n\n## Our dealerships\n\n- [Southern Toyota Parramatta](/southern-toyota/overview)\n- [Southern Ford Dandenong](/southern-ford/overview)\n- [Southern Hyundai Kia Springwood](/southern-hyundai-kia/overview)\n- [Southern Isuzu Trucks and UTE](/southern-isuzu/overview)\n\nWe also run [Southern Rentals](/southern-rentals).\n`,
      },
    ],
  };
}

function redline(now: Date): DemoContent {
  const b: Brand = { name: 'Redline Used Cars', accent: '#c8102e', plate: 'REDLINE' };
  const names = ['Sam T.', 'Kirra J.', 'Nick V.', 'Bec L.', 'Omar H.'];
  const texts = [
    'No pushy sales, fair price, car was exactly as described online.',
    'They sorted finance for me when my bank would not. Legends.',
    'Bought interstate sight unseen. Video walk-around and transport all arranged.',
    'Good range of cars under $20k, roadworthy done, drove it home the same day.',
    'Took a while to get the paperwork through but the car is great.',
  ];
  return {
    config: {
      logo: { url: 'content/images/logo.svg', alt: 'Redline Used Cars', width: 220, height: 48 },
      theme: { header: 'primary' },
      home: { featured_count: 9, why_choose_us: true, sales_counter: true },
    },
    files: [
      {
        path: 'content/images/logo.svg',
        text: logoSvg('stripe', '#ffffff', '#ffffff', 'REDLINE', 'USED CARS').replace('fill="currentColor"', 'fill="#ffffff"'),
      },
      { path: 'content/images/slide-sale.jpg', photo: art(b, 'sedan', '#b01c26', 'city') },
      { path: 'content/images/slide-finance.jpg', photo: art(b, 'wagon', '#1b1d21', 'dusk', 'side', true) },
      { path: 'content/images/popup.jpg', photo: art(b, 'coupe', '#e2b320', 'studio') },
      { path: 'content/images/promo-weekend.jpg', svg: promotionSvg('#c8102e', '#141414', 'WEEKEND DEALS', 'Open 7 days · Drive away today', 1) },
      { path: 'content/images/promo-we-buy.jpg', svg: promotionSvg('#141414', '#c8102e', 'WE BUY CARS', 'Instant cash offers for your car', 2) },
      { path: 'content/images/offer-rego.jpg', photo: art(b, 'hatch', '#eef0f2', 'city') },
      jsonFile('content/slides.json', [
        {
          id: 'summer-sale',
          name: 'Summer sale: 400+ used cars',
          description: 'Every car roadworthy, PPSR checked and priced to go.',
          url: '/search/used-cars',
          image: 'images/slide-sale.jpg',
          image_alt: 'A red sedan in the city',
        },
        {
          id: 'finance',
          name: 'Finance for every credit history',
          description: 'Quick approvals, weekly repayments that fit.',
          url: '/finance',
          image: 'images/slide-finance.jpg',
          image_alt: 'A black wagon at dusk',
        },
      ]),
      jsonFile('content/offers.json', [
        {
          id: 'free-rego',
          name: '12 months free rego',
          description: 'On selected cars over $15,000 this month.',
          disclaimer:
            'Applies to vehicles marked "Free rego" priced over $15,000 and purchased by the end of the offer period. Rego transfer fees still apply. Not available with other offers or on wholesale vehicles.',
          image: 'images/offer-rego.jpg',
          category: 'Bonus',
          expires: iso(now, 16),
        },
        { id: 'trade-in-bonus', name: '$1,000 trade-in bonus', description: 'Get $1,000 more for your trade on any car over $20,000.', category: 'Trade-in' },
      ]),
      jsonFile('content/features.json', [
        { title: 'Every car PPSR checked', description: 'No finance owing, not stolen, not written off. We show you the certificate.' },
        { title: 'Roadworthy included', description: 'Current WA roadworthy on every car, nothing extra to pay.' },
        { title: 'Finance for all credit types', description: 'Self-employed, new to Australia or rebuilding credit, we can help.' },
      ]),
      jsonFile('content/reviews.json', {
        average_rating: 4.3,
        count: 388,
        source: 'Google',
        reviews: names.map((customer_name, i) => ({ id: i + 1, customer_name, text: texts[i], rating: i === 4 ? 3 : 5, review_date: iso(now, -(2 + i * 17)) })),
      }),
      jsonFile('content/popup.json', {
        title: 'Summer sale ends Sunday',
        description: 'Save up to $2,000 on selected cars, plus 12 months free rego on cars over $15,000.',
        image: 'images/popup.jpg',
        image_alt: 'A yellow coupe',
        button: { label: 'Shop the sale', url: '/special-offers' },
        expires: iso(now, 14),
      }),
      // The promotions slider (1920 x 540 banners), shown with the popup.
      jsonFile('content/promotions.json', [
        {
          id: 'weekend',
          title: 'Weekend deals',
          image: 'images/promo-weekend.jpg',
          image_alt: 'Weekend deals: open 7 days, drive away today',
          url: '/search/used-cars',
        },
        {
          id: 'we-buy',
          title: 'We buy cars',
          image: 'images/promo-we-buy.jpg',
          image_alt: 'We buy cars: instant cash offers for your car',
          url: '/sell-your-car',
          expires: iso(now, 30),
        },
      ]),
      jsonFile('content/blog.json', [
        {
          href: '/finance',
          heading: 'How weekly repayments are worked out',
          description: 'Interest rate, term, balloon and fees: what changes your weekly repayment and what to ask before you sign.',
          date: iso(now, -9),
        },
      ]),
    ],
  };
}

const BUILDERS: Record<string, (now: Date) => DemoContent> = {
  'demo-coastal-toyota': coastal,
  'demo-southern-motor-group': southern,
  'demo-redline-used-cars': redline,
};

/** Location pictures for the group demo (the other demos show the map). */
const LOCATION_IMAGES: Record<string, Record<string, string>> = {
  'demo-southern-motor-group': { 'southern-toyota-parramatta': 'content/images/parramatta.jpg', 'southern-ford-dandenong': 'content/images/dandenong.jpg' },
};

/**
 * A demo tenant's tenant.json with its content settings merged in (objects one level deep, location
 * pictures by slug) and the content files to write; undefined for a tenant without demo content.
 */
export function demoContent(slug: string, config: Record<string, unknown>, now: Date): DemoContent | undefined {
  const build = BUILDERS[slug];
  if (!build) return undefined;
  const { config: extra, files } = build(now);
  const out: Record<string, unknown> = { ...config };
  for (const [k, v] of Object.entries(extra)) {
    const base = out[k];
    out[k] = base && typeof base === 'object' && !Array.isArray(base) && v && typeof v === 'object' ? { ...(base as object), ...(v as object) } : v;
  }
  const pictures = LOCATION_IMAGES[slug] ?? {};
  if (Array.isArray(out['locations'])) {
    out['locations'] = (out['locations'] as Record<string, unknown>[]).map((l) => {
      const url = pictures[String(l['slug'])];
      return url ? { ...l, image: { url } } : l;
    });
  }
  return { config: out, files };
}

/**
 * Writes the content files under the tenant folder (pictures only when `pictures`), then reads them
 * back with the site's own loader: a demo content file that breaks its schema stops the run.
 */
export async function writeDemoContent(dir: string, slug: string, content: DemoContent, pictures: boolean): Promise<void> {
  for (const f of content.files) mkdirSync(dirname(join(dir, f.path)), { recursive: true });
  await pool(content.files, 4, async (f) => {
    const to = join(dir, f.path);
    if ('text' in f) writeFileSync(to, f.text);
    else if (!pictures) return;
    else if ('photo' in f) writeFileSync(to, await renderJpeg(f.photo));
    else writeFileSync(to, await sharp(Buffer.from(f.svg)).jpeg({ quality: JPEG_QUALITY }).toBuffer());
  });
  const { problems } = loadContent(dir, slug);
  if (problems.length > 0) throw new Error(`Demo content of ${slug} is invalid:\n${problems.join('\n')}`);
}
