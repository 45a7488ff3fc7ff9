/**
 * Vehicle page precomputation. Before the pages render: reads each listed car's page extras (naming
 * any malformed one in the log), processes its 360 spin frames and interior view through the image
 * pipeline, computes its price gauge from comparable stock and picks its similar cars. After: writes
 * each gauge as the static file /cars/{slug}/autogauge (what the page's gauge fetches) and publishes
 * the spin images.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Photo } from '../../../src/lib/model/vehicle.ts';
import { computePriceGauge } from '../../../src/lib/price-gauge/index.ts';
import { readVdpExtras } from '../../../src/lib/vdp/extras.ts';
import { similarCarIds } from '../../../src/lib/vdp/similar.ts';
import type { VdpVehicle } from '../../../src/lib/vdp/vehicle.ts';
import { processImages, publishImages } from '../images/pipeline.ts';
import type { BuildOutput } from './index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// The same shared cache the build's photo step uses.
const cacheDir = () => resolve(process.env['DEALER_IMAGE_CACHE'] ?? join(root, '.cache/images'));
const published = new WeakMap<object, Photo[]>();

function gaugeEnabled(tenant: { features: { price_gauge: boolean }; plugins: { autogauge: boolean } }): boolean {
  return tenant.features.price_gauge || tenant.plugins.autogauge;
}

export const vehicleExtras: BuildOutput = {
  name: 'vehicle-extras',

  async prepare({ model, log }) {
    const cars = model.vehicles as VdpVehicle[];
    const media = new Map<VdpVehicle, { spin: string[]; interior?: string | undefined }>();
    for (const car of cars) {
      const { extras, problems } = readVdpExtras(car as unknown as Record<string, unknown>);
      for (const p of problems) log(`car ${car.stocknum ?? car.id}: ${p} (left off its page)`);
      if (car.spin_sources.length > 0 || extras.spin_interior_image) media.set(car, { spin: car.spin_sources, interior: extras.spin_interior_image });
    }
    const sources = [...media.values()].flatMap((m) => [...m.spin, ...(m.interior ? [m.interior] : [])]);
    const photos: Photo[] = [];
    if (sources.length > 0) {
      const { photos: done, failures } = await processImages(
        sources.map((source) => ({ source, card: false })),
        { tenantDir: model.tenant.dir, cacheDir: cacheDir(), width: model.tenant.images.width, quality: model.tenant.images.quality },
      );
      for (const f of failures) log(`spin or interior image unavailable: ${f.source}: ${f.reason}`);
      for (const [car, m] of media) {
        const spin = m.spin.map((s) => done.get(s)).filter((p): p is Photo & { ok: true } => p?.ok === true);
        // A spin needs at least two frames to turn; fewer and the car shows its gallery.
        if (spin.length >= 2) car.spin_photos = spin;
        const interior = m.interior ? done.get(m.interior) : undefined;
        if (interior?.ok) car.interior_photo = interior;
        photos.push(...(car.spin_photos ?? []), ...(interior?.ok ? [interior] : []));
      }
    }
    published.set(model, photos);

    const gauges = gaugeEnabled(model.tenant);
    const similar = await similarCarIds(model);
    for (const car of cars) {
      if (gauges) car.price_gauge = computePriceGauge(car, cars);
      car.similar_ids = similar.get(car.id) ?? [];
    }
  },

  async write({ model, siteOut, log }) {
    let written = 0;
    for (const car of model.vehicles as VdpVehicle[]) {
      if (!car.price_gauge) continue;
      const file = join(siteOut, 'cars', car.slug, 'autogauge');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(car.price_gauge));
      written++;
    }
    const photos = published.get(model) ?? [];
    if (photos.length > 0) {
      const { missing } = await publishImages(photos, cacheDir(), siteOut);
      for (const m of missing) log(`spin image missing from the cache: ${m}`);
    }
    log(`vehicle extras: ${written} price gauges, ${photos.length} spin and interior images`);
  },
};
