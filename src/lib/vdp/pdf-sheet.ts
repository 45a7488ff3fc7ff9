/**
 * What the car's PDF sheet says, taken from the vehicle page's own model (vehiclePage), so the PDF
 * never decides a rule again: the price by the display rule (above 10, else PREORDER or the no-price
 * text), its drive-away label, the key specifications, the call-us number, the dealer licence the
 * print sheet shows (NSW s 19A: advertising material) and the finance disclaimer the page shows.
 */
import { licencesForCar } from '../compliance/licence.ts';
import type { PhotoVariant } from '../model/vehicle.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import type { VehiclePage } from './page-model.ts';

export interface CarSheet {
  /** The dealer's name at the top. */
  dealer: string;
  title: string;
  subtitle: string;
  price: string;
  priceNote?: string | undefined;
  wasPrice?: string | undefined;
  /** The main photo's smallest full-width variant (640 px), when it was processed. */
  photo?: PhotoVariant | undefined;
  specs: { label: string; value: string }[];
  location: { name: string; lines: string[] };
  licences: string[];
  url: string;
  /** The disclaimers the page shows under its finance figures, in full; none for a sold car. */
  disclaimers: string[];
  /** The download's file name. */
  filename: string;
}

/** The print sheet's facts, as the PDF shows them. */
export function carSheet(page: VehiclePage, tenant: Tenant): CarSheet {
  const { car } = page;
  const location = tenant.locations.find((l) => l.id === car.location?.id);
  const photo = page.media.photos.find((p) => p.ok);
  const address = location?.address;
  const place = address ? [address.city, address.state, address.postcode].filter(Boolean).join(' ') : '';
  const disclaimers: string[] = [];
  if (page.finance.block?.disclaimer) disclaimers.push(page.finance.block.disclaimer.full);
  if (page.finance.lenderDisclaimer) disclaimers.push(page.finance.lenderDisclaimer);
  if (page.finance.calculator) disclaimers.push(page.finance.disclaimer.full);
  return {
    dealer: tenant.name,
    title: page.title,
    subtitle: page.subtitle,
    price: page.price.text,
    priceNote: page.priceNote,
    wasPrice: page.wasPrice,
    photo: photo?.ok ? photo.sizes[0] : undefined,
    specs: [...page.specs.shown, ...page.specs.more].map((s) => ({ label: s.label, value: s.value })),
    location: {
      name: car.location?.name ?? tenant.name,
      lines: [address?.street ?? '', place, page.phone ? `Phone ${page.phone.full}` : ''].filter(Boolean),
    },
    licences: licencesForCar(tenant.locations, car.location?.id).map((l) => `${l.name}: dealer licence no. ${l.dealer_license_number ?? ''}`),
    url: page.url,
    disclaimers: disclaimers.filter((d) => d.trim()),
    filename: `${car.slug}.pdf`,
  };
}
