/**
 * The small searches besides the stock search (spec section 7): the offers search, the manufacturers
 * and models search, and the parts search. Each is a list of plain documents searched by the same
 * engine as the stock (so text matching, facet counts and paging are Meilisearch's), 21 per page.
 * Documents, schemas and the request rules live here; pages and the island only render them.
 */
import type { Photo } from '../model/vehicle.ts';
import { bodyTypeLabel } from '../rules/body-type.ts';
import { truncateText } from '../rules/truncate.ts';
import type { EngineSchema } from './engine/engine.ts';
import type { SearchRequest } from './engine/protocol.ts';
import { tokenize } from './engine/tokenize.ts';

export type CatalogKind = 'offers' | 'models' | 'parts';

/** Manufacturer and offers searches: 21 per page (spec section 9); parts the same. */
export const CATALOG_HITS_PER_PAGE = 21;

/** Result caches where a request is made (spec section 9): offers about 11, manufacturers 10. */
export const CATALOG_CACHE_LIMIT: Record<CatalogKind, number> = { offers: 11, models: 10, parts: 10 };

/** A picture as a card renders it (plain data: it travels in the island's props and the index file). */
export interface CardImage {
  src: string;
  srcset: string;
  width: number;
  height: number;
  colour: string;
  alt: string;
}

/** The card crop of a processed picture (528x385 / 800x407), else its width variants. */
export function cardImage(photo: (Photo & { ok: true }) | undefined, alt: string): CardImage | undefined {
  if (!photo) return undefined;
  const small = photo.card?.small ?? photo.sizes[0];
  if (!small) return undefined;
  const srcset = photo.card
    ? `${photo.card.small.url} ${photo.card.small.width}w, ${photo.card.large.url} ${photo.card.large.width}w`
    : photo.sizes.map((s) => `${s.url} ${s.width}w`).join(', ');
  return { src: small.url, srcset, width: small.width, height: small.height, colour: photo.colour, alt };
}

interface BaseDoc {
  id: string;
  /** Position in the default order (file order for offers and parts, A to Z for models). */
  rank: number;
  href: string;
  image?: CardImage | undefined;
}

/** One offer (content/offers.json). The spec's `categories` facet is the offer's one `category`. */
export interface OfferDoc extends BaseDoc {
  name: string;
  description: string;
  /** The first 100 characters of the disclaimer, as the card shows it. */
  disclaimer?: string | undefined;
  category?: string | undefined;
  price?: number | undefined;
  manufacturer?: string | undefined;
  model_name?: string | undefined;
  model_href?: string | undefined;
  /** The dealership the offer belongs to: every offers request is restricted to it. */
  dealership: string;
}

/** One model page: filters manufacturer.name, model.name, model.body (spec section 7). */
export interface ModelDoc extends BaseDoc {
  title: string;
  manufacturer: { name: string };
  model: { name: string; body?: string | undefined };
  short_description?: string | undefined;
  /** Listed vehicles of the model. */
  stock: number;
}

/** One part or accessory a dealer lists (content/parts.json). */
export interface PartDoc extends BaseDoc {
  name: string;
  part_number?: string | undefined;
  category?: string | undefined;
  make?: string | undefined;
  price?: number | undefined;
  description?: string | undefined;
}

export type CatalogDoc = OfferDoc | ModelDoc | PartDoc;

const text = (parts: (string | number | undefined)[]) => tokenize(parts.filter((p) => p !== undefined).join(' ')).join(' ');

export const OFFER_SCHEMA: EngineSchema<OfferDoc> = {
  listFacets: ['category', 'manufacturer', 'dealership'],
  numericFields: ['price', 'rank'],
  rangeFacets: ['price'],
  textOf: (d) => text([d.name, d.description, d.category, d.manufacturer, d.model_name]),
};

export const MODEL_SCHEMA: EngineSchema<ModelDoc> = {
  listFacets: ['manufacturer.name', 'model.name', 'model.body'],
  numericFields: ['stock', 'rank'],
  rangeFacets: [],
  textOf: (d) => text([d.manufacturer.name, d.model.name, bodyTypeLabel(d.model.body), d.short_description]),
};

export const PART_SCHEMA: EngineSchema<PartDoc> = {
  listFacets: ['category', 'make'],
  numericFields: ['price', 'rank'],
  rangeFacets: ['price'],
  textOf: (d) => text([d.name, d.part_number, d.category, d.make, d.description]),
};

export const CATALOG_SCHEMAS = { offers: OFFER_SCHEMA, models: MODEL_SCHEMA, parts: PART_SCHEMA } as const;

/** The facets each search shows, with their URL parameter and heading. */
export interface CatalogFacet {
  attribute: string;
  param: string;
  title: string;
}

export const CATALOG_FACETS: Record<CatalogKind, CatalogFacet[]> = {
  offers: [{ attribute: 'category', param: 'category', title: 'Category' }],
  models: [
    { attribute: 'manufacturer.name', param: 'manufacturer', title: 'Manufacturer' },
    { attribute: 'model.name', param: 'model', title: 'Model' },
    { attribute: 'model.body', param: 'body', title: 'Body type' },
  ],
  parts: [
    { attribute: 'category', param: 'category', title: 'Category' },
    { attribute: 'make', param: 'make', title: 'Make' },
  ],
};

/** The range filter each search offers (price for offers and parts). */
export const CATALOG_RANGE: Record<CatalogKind, string | undefined> = { offers: 'price', models: undefined, parts: 'price' };

/** The page each search lives on (Clear Filters and the empty state go back to it). */
export const CATALOG_PATH: Record<CatalogKind, string> = { offers: '/special-offers', models: '/models', parts: '/parts/search' };

export const CATALOG_INDEX: Record<CatalogKind, string> = { offers: 'Offer_production', models: 'Model_production', parts: 'Part_production' };

/** The Meilisearch index of a tenant's offers, beside its stock index (`Car_production_offers`). */
export function offersIndexName(stockIndex: string): string {
  return `${stockIndex}_offers`;
}

/** Offers are restricted to the dealership (spec section 7): added to every offers request. */
export function restrictToDealership(request: SearchRequest, dealership: string): SearchRequest {
  const existing = request.params?.facetFilters;
  const groups = existing === undefined ? [] : typeof existing === 'string' ? [existing] : [...existing];
  return { ...request, params: { ...request.params, facetFilters: [...groups, [`dealership:${dealership}`]] } };
}

/** An offer's card text: the disclaimer cut at 100 characters (spec: Offers list). */
export function offerDisclaimer(disclaimer: string | undefined): string | undefined {
  return disclaimer ? truncateText(disclaimer) : undefined;
}
