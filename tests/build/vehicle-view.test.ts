/**
 * The built vehicle pages say what each car's view says (src/lib/model/vehicle-view.ts), read from the
 * build's model file: the enquiry forms carry the view's dealership (the car's own, else its
 * location's), so a lead goes where the page, the finance rule and the search say the car is sold.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/lib/site/site-model.ts';

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
        // The island's props, as Astro serialises them: "dealership_slug":[0,"southern-ford"].
        const found = new Set([...readFileSync(file, 'utf8').matchAll(/dealership_slug&quot;:\[0,&quot;([^&]*)&quot;\]/g)].map((m) => m[1]));
        expect([...found], `${car.slug}`).toEqual([dealership]);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
