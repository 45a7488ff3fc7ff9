/**
 * The documents of the small searches, from one tenant's site model: offers (content/offers.json,
 * active at the build date, file order), model pages (A to Z by make and model) and parts
 * (content/parts.json, file order).
 */
import { findModelPage, modelPages, offerPicture } from './models.ts';
import { activeOffers, contentOf, contentPhoto, offerPath } from './site-content.ts';
import type { SiteModel } from '../site/site-model.ts';
import { cardImage, offerDisclaimer, type ModelDoc, type OfferDoc, type PartDoc } from '../search/catalog.ts';

export function offerDocs(model: SiteModel): OfferDoc[] {
  const pages = modelPages(model);
  return activeOffers(model).map((o, rank) => {
    const page = o.model ? findModelPage(pages, o.manufacturer, o.model.name, o.model.slug) : undefined;
    const href = offerPath(o);
    const picture = offerPicture(model, o);
    return {
      id: o.id,
      rank,
      href,
      image: cardImage(picture.photo, picture.alt),
      name: o.name,
      description: o.description,
      disclaimer: offerDisclaimer(o.disclaimer),
      category: o.category,
      price: o.price,
      manufacturer: o.manufacturer,
      model_name: o.model?.name,
      model_href: o.model ? (page ? `/models/${page.slug}` : href) : undefined,
      dealership: model.tenant.slug,
    };
  });
}

/** The body most of a model's listed cars have (ties: the first seen). */
function commonBody(bodies: readonly (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const b of bodies) if (b) counts.set(b, (counts.get(b) ?? 0) + 1);
  let best: string | undefined;
  for (const [b, c] of counts) if (best === undefined || c > (counts.get(best) ?? 0)) best = b;
  return best;
}

export function modelDocs(model: SiteModel): ModelDoc[] {
  const pages = [...modelPages(model)].sort((a, b) => a.make.localeCompare(b.make, 'en') || a.model.localeCompare(b.model, 'en') || (a.slug < b.slug ? -1 : 1));
  return pages.map((p, rank) => {
    const own = contentPhoto(model, p.image);
    const firstPhoto = p.vehicles.map((v) => v.photos[0]).find((ph) => ph?.ok);
    const photo = own ?? (firstPhoto?.ok ? firstPhoto : undefined);
    return {
      id: p.slug,
      rank,
      href: `/models/${p.slug}`,
      image: cardImage(photo, own ? (p.image_alt ?? '') : ''),
      title: p.title,
      manufacturer: { name: p.make },
      model: { name: p.model, body: commonBody(p.vehicles.map((v) => v.simple_body)) },
      short_description: p.short_description,
      stock: p.vehicles.length,
    };
  });
}

export function partDocs(model: SiteModel): PartDoc[] {
  return (contentOf(model).parts ?? []).map((p, rank) => ({
    id: p.id,
    rank,
    href: '/vehicle-parts-and-accessories#parts-form',
    name: p.name,
    part_number: p.part_number,
    category: p.category,
    make: p.make,
    price: p.price,
    description: p.description,
  }));
}
