/**
 * /cars/similar-cards.json, a build intermediate never published: the card of every car that is in
 * some car's similar cars, by id, rendered once each by the one card component. The build's
 * vehicle-extras step (scripts/lib/outputs/vehicle-extras.ts) splits it into the price bands' files
 * /cars/_similar/*.json (each car's ids and the cards they show: what the page's similar-cars section
 * loads, src/lib/vdp/similar-band.ts) and removes it.
 *
 * Why files and not the page's HTML: the similar cars are picked from the whole stock (newest first
 * within a price window), so a night's new arrivals change thousands of cars' lists. In the pages they
 * made every one of those pages render and upload again; now a night renders the cars that changed,
 * and a few band files carry the rest. One route, not one per car: Astro's cost per route (about 2 ms
 * of CPU) is most of what a card costs.
 */
import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import VehicleCard from '../../components/VehicleCard.tsx';
import { siteModel } from '../../io/site-model-file.ts';
import { builtCardProps } from '../../lib/site/built-card.ts';
import { vehiclesById } from '../../lib/site/site-model.ts';
import { similarCardIds } from '../../lib/vdp/similar.ts';
import type { VdpVehicle } from '../../lib/vdp/vehicle.ts';

export const GET: APIRoute = () => {
  const model = siteModel();
  const byId = vehiclesById(model);
  const cards: Record<string, string> = {};
  for (const id of similarCardIds(model.vehicles as readonly VdpVehicle[])) {
    const car = byId.get(id);
    if (car) cards[id] = renderToStaticMarkup(createElement(VehicleCard, builtCardProps(model, car)));
  }
  return new Response(JSON.stringify(cards), { headers: { 'Content-Type': 'application/json' } });
};
