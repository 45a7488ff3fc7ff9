import { bodyTypeLabel } from '../rules/body-type.ts';
import type { SearchDoc } from './documents.ts';
import { tokenize } from './engine/tokenize.ts';

/** Refinement-list facets (the spec's search facet attributes this stock model has). */
export const LIST_FACETS = [
  'car_type',
  'make',
  'make_model',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'seats',
  'location_name',
  'state',
  'year',
  'tag',
  'certified',
  'dealership_name',
] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

/** Range sliders. */
export const RANGE_FACETS = ['price', 'km'] as const;
export type RangeFacet = (typeof RANGE_FACETS)[number];

/** Numeric document fields: range filters, stats and sorting. */
export const NUMERIC_FIELDS = ['price', 'km', 'year', 'seats', 'created_at', 'rank'] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];

/** Everything a filter may name (facets, ranges, and what similar-cars and plain hits queries use). */
export const FILTERABLE_ATTRIBUTES = [...LIST_FACETS, ...RANGE_FACETS, 'status', 'id', 'sold', 'reserved', 'created_at'] as const;
export const SORTABLE_ATTRIBUTES = ['price', 'created_at', 'km', 'year', 'custom_rank', 'rank'] as const;

/** The pre-tokenized text both backends search: what a shopper types to find a car. */
export function searchTextOf(doc: SearchDoc): string {
  const parts = [
    doc.year === undefined ? undefined : String(doc.year),
    doc.make,
    doc.model,
    doc.badge,
    doc.series,
    bodyTypeLabel(doc.body) ?? doc.body_text,
    doc.fuel,
    doc.transmission,
    doc.drive,
    doc.colour,
    doc.car_type,
    doc.stocknum,
  ];
  return tokenize(parts.filter((p) => p !== undefined).join(' ')).join(' ');
}

/** A document field as a facet value string, the way Meilisearch reports facet values. */
export function facetValue(doc: SearchDoc, attribute: string): string | undefined {
  const v = (doc as unknown as Record<string, unknown>)[attribute];
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
}
