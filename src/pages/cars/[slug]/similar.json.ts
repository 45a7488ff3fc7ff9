/**
 * /cars/{slug}/similar.json: the car's similar cars, what its page's similar-cars section loads when it
 * comes near the screen (src/islands/vehicle/similar-cars.ts): their ids in display order (the spec's
 * "similar car ids by slug") and their cards, rendered by the one card component.
 *
 * Why a file and not the page's HTML: the similar cars are picked from the whole stock (newest first
 * within a price window), so a night's new arrivals change thousands of cars' lists. In the page they
 * made every one of those pages render and upload again; here a night re-renders the pages of the cars
 * that changed, and these small files (always written) carry the rest. Each card is rendered once per
 * build however many lists it is in.
 */
import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import VehicleCard from '../../../components/VehicleCard.tsx';
import { siteModel } from '../../../io/site-model-file.ts';
import type { Vehicle } from '../../../lib/model/vehicle.ts';
import { builtCardProps } from '../../../lib/site/built-card.ts';
import { vehiclesById, type SiteModel } from '../../../lib/site/site-model.ts';
import { vehiclePaths } from '../../../lib/vdp/vehicle.ts';

export function getStaticPaths() {
  return vehiclePaths(siteModel()).filter((p) => (p.props.car.similar_ids?.length ?? 0) > 0);
}

const cards = new WeakMap<SiteModel, Map<string, string>>();

function cardHtml(model: SiteModel, car: Vehicle): string {
  let byId = cards.get(model);
  if (!byId) cards.set(model, (byId = new Map()));
  let html = byId.get(car.id);
  if (html === undefined) {
    html = `<div class="vdp-carousel-item">${renderToStaticMarkup(createElement(VehicleCard, builtCardProps(model, car)))}</div>`;
    byId.set(car.id, html);
  }
  return html;
}

export const GET: APIRoute = ({ props }) => {
  const model = siteModel();
  const byId = vehiclesById(model);
  const shown = ((props as ReturnType<typeof getStaticPaths>[number]['props']).car.similar_ids ?? []).flatMap((id) => byId.get(id) ?? []);
  const body = { ids: shown.map((c) => c.id), html: shown.map((c) => cardHtml(model, c)).join('') };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
