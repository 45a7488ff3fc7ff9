/**
 * Model pages (/models/{model} and /{model slug}): one per model the dealer sells new (or demo), or,
 * for a dealer with no new stock, its 12 most stocked models; plus every content/models/<slug>.md.
 */
import type { Vehicle } from '../model/vehicle.ts';
import type { SiteModel } from '../site/site-model.ts';
import { slugify } from '../utils/slugify.ts';
import { stockCount } from '../rules/stock.ts';
import { contentOf, contentPhoto, perModel } from './site-content.ts';
import type { Offer } from './schemas.ts';

export interface ModelPage {
  slug: string;
  make: string;
  model: string;
  /** "Toyota HiLux" unless the content file names it. */
  title: string;
  description: string;
  short_description?: string | undefined;
  image?: string | undefined;
  image_alt?: string | undefined;
  /** Markdown body from content/models/<slug>.md. */
  body?: string | undefined;
  /** Listed vehicles of this make and model. */
  vehicles: Vehicle[];
}

/** Models for a used-car dealer without new stock. */
const TOP_USED_MODELS = 12;

const key = (make: string, model: string) => `${make.trim().toLowerCase()}|${model.trim().toLowerCase()}`;

export const modelPages = perModel((site: SiteModel): ModelPage[] => {
  const byKey = new Map<string, { make: string; model: string; vehicles: Vehicle[]; fresh: number }>();
  for (const v of site.vehicles) {
    if (!v.listed || !v.make || !v.model) continue;
    const k = key(v.make, v.model);
    const entry = byKey.get(k) ?? { make: v.make, model: v.model, vehicles: [], fresh: 0 };
    entry.vehicles.push(v);
    if (v.car_type !== 'used') entry.fresh++;
    byKey.set(k, entry);
  }
  const all = [...byKey.values()];
  const fresh = all.filter((e) => e.fresh > 0);
  const chosen = fresh.length > 0 ? fresh : [...all].sort((a, b) => b.vehicles.length - a.vehicles.length).slice(0, TOP_USED_MODELS);

  const own = contentOf(site).models;
  const pages = new Map<string, ModelPage>();
  for (const c of own) {
    const stock = byKey.get(key(c.make, c.model));
    pages.set(key(c.make, c.model), {
      slug: c.slug,
      make: c.make,
      model: c.model,
      title: c.title ?? `${c.make} ${c.model}`,
      description: c.description ?? `The ${c.make} ${c.model} at ${site.tenant.name}: models, stock and offers.`,
      short_description: c.short_description,
      image: c.image,
      image_alt: c.image_alt,
      body: c.body,
      vehicles: stock?.vehicles ?? [],
    });
  }
  // Model names shared by two makes get the make in their slug.
  const modelSlugCount = new Map<string, number>();
  for (const e of chosen) modelSlugCount.set(slugify(e.model), (modelSlugCount.get(slugify(e.model)) ?? 0) + 1);
  const taken = new Set([...pages.values()].map((p) => p.slug));
  for (const e of chosen) {
    const k = key(e.make, e.model);
    if (pages.has(k)) continue;
    let slug = (modelSlugCount.get(slugify(e.model)) ?? 0) > 1 ? slugify(`${e.make} ${e.model}`) : slugify(e.model);
    if (taken.has(slug)) slug = slugify(`${e.make} ${e.model}`);
    if (!slug || taken.has(slug)) continue;
    taken.add(slug);
    pages.set(k, {
      slug,
      make: e.make,
      model: e.model,
      title: `${e.make} ${e.model}`,
      description: `${e.make} ${e.model} for sale at ${site.tenant.name}: ${stockCount(e.vehicles)} in stock, with finance and trade-ins welcome.`,
      vehicles: e.vehicles,
    });
  }
  return [...pages.values()].sort((a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model));
});

/** The model page for a make and model, if there is one (offer cards link "Explore {model}" to it). */
export function findModelPage(pages: readonly ModelPage[], make: string | undefined, modelName: string, slug?: string): ModelPage | undefined {
  if (slug) {
    const bySlug = pages.find((p) => p.slug === slug);
    if (bySlug) return bySlug;
  }
  const m = modelName.trim().toLowerCase();
  return pages.find((p) => p.model.toLowerCase() === m && (!make || p.make.toLowerCase() === make.trim().toLowerCase()));
}

/**
 * The spec's image_or_model_image: an offer's picture is its own image, else the image of the model
 * page it is for (when that page has one), with the alt text that goes with it.
 */
export function offerPicture(site: SiteModel, offer: Offer): { photo: ReturnType<typeof contentPhoto>; alt: string } {
  const own = contentPhoto(site, offer.image);
  if (own) return { photo: own, alt: offer.image_alt ?? '' };
  const page = offer.model ? findModelPage(modelPages(site), offer.manufacturer, offer.model.name, offer.model.slug) : undefined;
  const fromModel = contentPhoto(site, page?.image);
  return fromModel ? { photo: fromModel, alt: page?.image_alt ?? page?.title ?? '' } : { photo: undefined, alt: '' };
}
