/**
 * Default copy of the standard content pages, used when content/pages/<slug>.md is absent, so a
 * tenant with only slug, name, url and locations still has a complete site. Written to be true of any
 * dealer: it promises nothing the dealer has not configured. Warranty and servicing figures are the
 * spec's copy and say that they vary by brand.
 */
import { formatPhone } from '../rules/phone.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import { allStockLink } from '../search/url.ts';

export interface PageCopy {
  title: string;
  description: string;
  /** Markdown. */
  body: string;
}

/** The standard pages, each also under /pages/{slug}. */
export const STANDARD_PAGES = [
  'about-us',
  'careers',
  'fleet',
  'warranty',
  'roadside-assist',
  'capped-price-servicing',
  'service',
  'vehicle-parts-and-accessories',
  'finance',
  'privacy-policy',
  'terms-and-conditions',
  'value-my-car-terms-and-conditions',
] as const;
export type StandardPage = (typeof STANDARD_PAGES)[number];

function contactLine(t: Tenant): string {
  const primary = t.locations.find((l) => l.primary) ?? t.locations[0];
  const phone = primary?.contact_detail.phone ?? t.contact.new_phone ?? t.contact.used_phone;
  const parts = [phone ? `call us on ${formatPhone(phone)}` : undefined, '[send us a message](/contact)'].filter(Boolean);
  return parts.join(' or ');
}

/** Default title, description and markdown body of a standard page for a tenant. */
export function defaultPage(slug: StandardPage, t: Tenant): PageCopy {
  const n = t.name;
  const contact = contactLine(t);
  const sites = t.locations.filter((l) => l.visible).length;
  const where = sites > 1 ? `our ${sites} locations` : 'our dealership';
  switch (slug) {
    case 'about-us':
      return {
        title: 'About Us',
        description: `About ${n}: who we are, where to find us and how we look after our customers.`,
        body: `${n} helps drivers find the right new, demo or used vehicle, with finance, servicing and genuine parts under one roof.\n\n## Visit us\n\nYou are welcome at ${where}. See [our locations](/locations) for addresses and opening hours, or ${contact}.\n\n## Browse our stock\n\nEvery vehicle we have for sale is listed on this site and updated daily. [Search our stock](${allStockLink()}).`,
      };
    case 'careers':
      return {
        title: 'Careers',
        description: `Work at ${n}: sales, service, parts and administration roles.`,
        body: `We are always keen to hear from people who enjoy working with customers and cars: sales consultants, qualified technicians, apprentices, parts interpreters and administration staff.\n\n## How to apply\n\nSend us your resume and the role you are interested in through our [contact page](/contact). We will be in touch when a suitable position opens.`,
      };
    case 'fleet':
      return {
        title: 'Fleet',
        description: `Fleet and business vehicle sales at ${n}.`,
        body: `Whether you run one work vehicle or a hundred, our fleet team can help with vehicle selection, pricing for ABN holders, finance and leasing options, and servicing that keeps your vehicles on the road.\n\nTo talk to our fleet team, ${contact}.`,
      };
    case 'warranty':
      return {
        title: 'Warranty',
        description: `New vehicle warranty and used vehicle warranty information from ${n}.`,
        body: `## New vehicles\n\nNew vehicles come with the manufacturer's warranty. Standard cover is 3 years, and many brands now offer 5 or 7 years; some offer up to 6 years or 150,000 km. Ask us for the terms that apply to the vehicle you are looking at.\n\n## Used vehicles\n\nEligible used vehicles come with statutory warranty where it applies, and extended warranty can be arranged.\n\nFor warranty questions or claims, ${contact}.`,
      };
    case 'roadside-assist':
      return {
        title: 'Roadside Assist',
        description: `Roadside assistance for ${n} customers.`,
        body: `Many new vehicles include roadside assistance, and some brands extend it for up to 7 years when you service with an authorised dealer, renewed for 13 months at each scheduled service.\n\nIf you are unsure whether your vehicle is covered, ${contact}.`,
      };
    case 'capped-price-servicing':
      return {
        title: 'Capped Price Servicing',
        description: `Capped price and flat-price servicing at ${n}.`,
        body: `Capped price servicing means you know what each scheduled service costs before you book. Depending on the brand, flat-price servicing covers up to 5 years or 75,000 km.\n\n[Book a service](/service) or ${contact} for the price of your next service.`,
      };
    case 'service':
      return {
        title: 'Book a Service',
        description: `Book a service at ${n}: scheduled servicing, repairs and warranty work.`,
        body: `Our technicians look after scheduled servicing, repairs, tyres and warranty work using genuine parts. Tell us your vehicle, your preferred date and the work you need, and we will confirm your booking.`,
      };
    case 'vehicle-parts-and-accessories':
      return {
        title: 'Parts and Accessories',
        description: `Genuine parts and accessories from ${n}.`,
        body: `Our parts team supplies genuine parts and accessories, from service items to towbars, roof racks and protection packs. Tell us your vehicle and the part you need, and we will check availability and price.`,
      };
    case 'finance':
      return {
        title: 'Finance',
        description: `Vehicle finance at ${n}: competitive rates and fast approvals.`,
        body: `We can arrange finance for new, demo and used vehicles, for personal and business buyers. Tell us the vehicle and your budget and our finance team will find a loan that suits.\n\nComparison rates are calculated on a 5 year secured fixed loan of $30,000. Fees and charges apply; approved applicants only.`,
      };
    case 'privacy-policy':
      return {
        title: 'Privacy Policy',
        description: `How ${n} collects, uses and protects your personal information.`,
        body: `${n} respects your privacy and handles personal information in line with the Australian Privacy Principles.\n\n## What we collect\n\nWhen you send an enquiry, book a service or apply for finance we collect the details you give us, such as your name, email, phone number and postcode, and details of the vehicle you are interested in.\n\n## How we use it\n\nWe use your details to respond to your enquiry, provide the products and services you ask for and, if you agree, to tell you about offers. We do not sell your information.\n\n## Access and correction\n\nYou may ask to see or correct the information we hold about you: ${contact}.`,
      };
    case 'terms-and-conditions':
      return {
        title: 'Terms and Conditions',
        description: `Terms of use of the ${n} website.`,
        body: `Vehicle details, prices and availability on this site are provided in good faith and may change without notice. Photos may show optional equipment. Please confirm all details with us before you buy.\n\nPrices include GST. Drive-away prices include registration and on-road costs where stated; other prices may exclude them.\n\nFinance is subject to approval; fees and charges apply. For questions about these terms, ${contact}.`,
      };
    case 'value-my-car-terms-and-conditions':
      return {
        title: 'Value My Car Terms and Conditions',
        description: `Terms of the ${n} trade-in valuation.`,
        body: `An online valuation is an estimate based on the details you provide and current market data. It is not an offer to buy.\n\nA firm offer is made only after we inspect the vehicle, and it is valid for 7 days. Vehicles over 7 years old or with more than 100,000 km are valued in person.\n\nFor questions about your valuation, ${contact}.`,
      };
  }
}
