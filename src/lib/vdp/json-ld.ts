import type { ListingFacts } from '../rules/listing.ts';

export interface JsonLdCar extends ListingFacts {
  /** The car's view's `available` (in stock or coming soon, not sold). */
  available: boolean;
  name: string;
  make: string;
  model?: string | undefined;
  year?: number | null | undefined;
  vin?: string | undefined;
  colour?: string | undefined;
  car_type: string;
  km?: number | null | undefined;
  body?: string | undefined;
  fuel?: string | undefined;
  trans?: string | undefined;
  doors?: number | null | undefined;
  seats?: number | null | undefined;
  stocknum?: string | undefined;
  preorder?: boolean | null | undefined;
  /** The shown price (above 10), else undefined: a hidden price is never published. */
  price?: number | undefined;
  url: string;
  image?: string | undefined;
  description?: string | undefined;
}

export interface JsonLdDealer {
  name: string;
  url: string;
  telephone?: string | undefined;
  address?: { street?: string | undefined; city?: string | undefined; state?: string | undefined; postcode?: string | undefined } | undefined;
}

/** schema.org availability: sold out unless the view says available, then pre-order (coming soon, preorder) or in stock. */
export function offerAvailability(car: JsonLdCar): string {
  if (!car.available) return 'https://schema.org/SoldOut';
  if (car.status === 'coming_soon' || car.preorder) return 'https://schema.org/PreOrder';
  return 'https://schema.org/InStock';
}

/** The vehicle as schema.org Car with an Offer sold by the dealer (AutoDealer). Absent values are left out. */
export function vehicleJsonLd(car: JsonLdCar, dealer: JsonLdDealer): Record<string, unknown> {
  const address = dealer.address
    ? {
        '@type': 'PostalAddress',
        streetAddress: dealer.address.street,
        addressLocality: dealer.address.city,
        addressRegion: dealer.address.state,
        postalCode: dealer.address.postcode,
        addressCountry: 'AU',
      }
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    url: car.url,
    image: car.image,
    description: car.description,
    sku: car.stocknum,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: car.year != null ? String(car.year) : undefined,
    vehicleIdentificationNumber: car.vin,
    color: car.colour,
    bodyType: car.body,
    fuelType: car.fuel,
    vehicleTransmission: car.trans,
    numberOfDoors: car.doors ?? undefined,
    seatingCapacity: car.seats ?? undefined,
    itemCondition: car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    mileageFromOdometer: car.km != null ? { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' } : undefined,
    offers: {
      '@type': 'Offer',
      url: car.url,
      priceCurrency: 'AUD',
      price: car.price,
      availability: offerAvailability(car),
      seller: { '@type': 'AutoDealer', name: dealer.name, url: dealer.url, telephone: dealer.telephone, address },
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so dealer text cannot close the tag. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
