/**
 * The built vehicle pages say what each car's view says (src/lib/model/vehicle-view.ts), read from the
 * build's model file: the enquiry forms carry the view's dealership (the car's own, else its
 * location's), so a lead goes where the page, the finance rule and the search say the car is sold;
 * the similar cars' cards the page loads (its price band's /cars/_similar/*.json) are the view's, and
 * the price gauge the page computes from its model's file (/cars/_market/*.json) is the build's.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import { viewCardFacts } from '../../src/lib/model/vehicle-view.ts';
import { gaugeFromMarket, gaugeFromModelFiles, marketPath, type MarketGroup } from '../../src/lib/price-gauge/market.ts';
import { similarBandPath, similarCarouselHtml, type SimilarBandFile } from '../../src/lib/vdp/similar-band.ts';
import { cardFacts, cardSettingsFor } from '../../src/lib/model/card-facts.ts';
import { cardCarFromDoc } from '../../src/lib/search/card.ts';
import { toSearchDocs } from '../../src/lib/search/documents.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';

const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const dist = process.env['E2E_DIST'] ?? 'dist';
const slugs = existsSync(dist) ? readdirSync(dist).filter((d) => !d.startsWith('_') && existsSync(join(dist, '_build', d, 'model.json'))) : [];

describe('vehicle pages read the view', () => {
  it('found built sites to check', () => {
    expect(slugs.length, `${dist}: build the demo tenants first`).toBeGreaterThan(0);
  });

  for (const slug of slugs) {
    it(`${slug}: every enquiry form names the view's dealership`, () => {
      const model = JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel;
      let checked = 0;
      for (const car of model.vehicles) {
        const dealership = model.views[car.id]?.dealership?.slug;
        const file = join(dist, slug, 'cars', car.slug, 'index.html');
        if (!dealership || !existsSync(file)) continue;
        // The forms' props, one JSON per page (src/islands/forms/mount.ts): common.hidden.dealership_slug.
        const json = /<script type="application\/json" id="vdp-lead-forms">([^<]*)<\/script>/.exec(readFileSync(file, 'utf8'))?.[1];
        if (!json) continue;
        const data = JSON.parse(json) as { common: { hidden?: Record<string, string> } };
        expect(data.common.hidden?.['dealership_slug'], `${car.slug}`).toBe(dealership);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  for (const slug of slugs) {
    it(`${slug}: every search card says what the car's view says (the browser derives it from the hit with the same rule)`, () => {
      const model = JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel;
      const { docs, template } = toSearchDocs(model.vehicles, model.views);
      const settings = cardSettingsFor(model.tenant);
      for (const doc of docs) {
        const view = model.views[doc.id];
        expect(view, doc.id).toBeDefined();
        expect(cardFacts(cardCarFromDoc(doc, template), settings), doc.id).toEqual(viewCardFacts(view!));
      }
      expect(docs.length).toBeGreaterThan(0);
    });
  }

  for (const slug of slugs) {
    it(`${slug}: every car's band file holds its similar cars in order, each card with the view's title and price, and its page loads it`, () => {
      const model = JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel;
      const byId = new Map(model.vehicles.map((c) => [c.id, c]));
      let checked = 0;
      for (const car of model.vehicles as VdpVehicle[]) {
        const page = join(dist, slug, 'cars', car.slug, 'index.html');
        if (!car.listed || !existsSync(page)) continue;
        const ids = car.similar_ids ?? [];
        const html = readFileSync(page, 'utf8');
        if (ids.length === 0) {
          expect(html, car.slug).not.toContain('data-island="similar"');
          continue;
        }
        const src = similarBandPath(car);
        expect(html.includes(`data-src="${src}" data-car="${car.id}"`), car.slug).toBe(true);
        const band = JSON.parse(readFileSync(join(dist, slug, src), 'utf8')) as SimilarBandFile;
        expect(band.lists[car.id], car.slug).toEqual(ids);
        const cards = (similarCarouselHtml(car.id, band) ?? '').split('<div class="vdp-carousel-item">').slice(1);
        expect(cards, car.slug).toHaveLength(ids.length);
        cards.forEach((card, i) => {
          const other = byId.get(ids[i]!)!;
          const view = model.views[other.id]!;
          expect(card, `${car.slug} card ${i}`).toContain(`href="${other.path}"`);
          expect(card, `${car.slug} card ${i}`).toContain(escapeHtml(view.title));
          expect(card, `${car.slug} card ${i}`).toContain(escapeHtml(view.price.text));
        });
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it(`${slug}: every car page with a price gauge computes the build's gauge from its model's file`, () => {
      const model = JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel;
      let checked = 0;
      for (const car of model.vehicles as VdpVehicle[]) {
        const page = join(dist, slug, 'cars', car.slug, 'index.html');
        if (!car.listed || !existsSync(page)) continue;
        const html = readFileSync(page, 'utf8');
        if (!html.includes('data-island="gauge"')) continue;
        // Never a file per car: a night's arrivals would move thousands of them (issue 25).
        expect(existsSync(join(dist, slug, 'cars', car.slug, 'autogauge')), car.slug).toBe(false);
        checked++;
        if (!gaugeFromModelFiles(model.tenant)) {
          // The AutoGrab plugin: the functions answer (GET {car path}/autogauge).
          expect(html.includes(`data-src="${car.path}/autogauge" data-testid`), car.slug).toBe(true);
          continue;
        }
        const src = marketPath(car);
        expect(html.includes(`data-src="${src}" data-car="${car.id}"`), car.slug).toBe(true);
        const file = JSON.parse(readFileSync(join(dist, slug, src), 'utf8')) as MarketGroup[];
        expect(gaugeFromMarket(car.id, file), car.slug).toEqual(car.price_gauge);
      }
      if (model.tenant.features.price_gauge || model.tenant.plugins.autogauge) expect(checked).toBeGreaterThan(0);
    });
  }
});
