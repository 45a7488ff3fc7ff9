/**
 * Vehicle page precomputation. Before the pages render: reads each listed car's page extras (naming
 * any malformed one in the log), processes its 360 spin frames and interior view through the image
 * pipeline, computes its price gauge from comparable stock and picks its similar cars, and returns
 * them by car id (the pipeline puts them on a new copy of each car). After: writes the gauge's
 * comparable stock by model (/cars/_market/*.json, src/lib/price-gauge/market.ts) and the similar
 * cars by price band (/cars/_similar/*.json, src/lib/vdp/similar-band.ts), what the pages' gauge and
 * similar cars fetch, and publishes the spin images. Not one file per car: a night's arrivals move
 * thousands of cars' gauges and lists, and each such file was uploaded again (issue 25).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Photo, Vehicle } from '../../../src/lib/model/vehicle.ts';
import { priceGauges, shouldShowPriceGauge } from '../../../src/lib/price-gauge/index.ts';
import { gaugeFromModelFiles, marketFiles, marketPath, tenantHasPriceGauge } from '../../../src/lib/price-gauge/market.ts';
import { similarCarIds, SIMILAR_CARDS_FILE } from '../../../src/lib/vdp/similar.ts';
import { similarBandFiles } from '../../../src/lib/vdp/similar-band.ts';
import type { VdpBuildFields, VdpVehicle } from '../../../src/lib/vdp/vehicle.ts';
import { processImages, publishImages } from '../images/pipeline.ts';
import type { BuildOutput } from './index.ts';

/**
 * The similar cars' band files (/cars/_similar/<band>.json: src/lib/vdp/similar-band.ts) from the
 * cards Astro rendered once each into the intermediate SIMILAR_CARDS_FILE, which is then removed (it is
 * not part of the site). Written every build, for every car, rendered this time or copied: the lists
 * change with the stock, the pages do not.
 */
function writeSimilarFiles(cars: readonly VdpVehicle[], siteOut: string): { files: number; missing: string[] } {
  const file = join(siteOut, SIMILAR_CARDS_FILE);
  const cards = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  rmSync(file, { force: true });
  const { files, missing } = similarBandFiles(cars, cards);
  for (const [path, content] of files) writeJson(siteOut, path, content);
  return { files: files.size, missing: [...missing] };
}

/** A site file at a root-relative path, its folders made. */
function writeJson(siteOut: string, path: string, content: unknown): void {
  const out = join(siteOut, path);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(content));
}

export const vehicleExtras: BuildOutput = {
  name: 'vehicle-extras',

  async prepare({ model, log, documents, imageCache }) {
    const fields = new Map<string, VdpBuildFields>(model.vehicles.map((car) => [car.id, {}]));
    const media = new Map<Vehicle, { spin: string[]; interior?: string | undefined }>();
    for (const car of model.vehicles) {
      // The extras were read at ingest (a malformed one is an ingest warning there, not again here).
      const interior = car.extras.spin_interior_image;
      if (car.spin_sources.length > 0 || interior) media.set(car, { spin: car.spin_sources, interior });
    }
    const sources = [...media.values()].flatMap((m) => [...m.spin, ...(m.interior ? [m.interior] : [])]);
    if (sources.length > 0) {
      const { photos: done, failures } = await processImages(
        sources.map((source) => ({ source, card: false })),
        { tenantDir: model.tenant.dir, cacheDir: imageCache, width: model.tenant.images.width, quality: model.tenant.images.quality },
      );
      for (const f of failures) log(`spin or interior image unavailable: ${f.source}: ${f.reason}`);
      for (const [car, m] of media) {
        const own = fields.get(car.id) as VdpBuildFields;
        const spin = m.spin.map((s) => done.get(s)).filter((p): p is Photo & { ok: true } => p?.ok === true);
        // A spin needs at least two frames to turn; fewer and the car shows its gallery.
        if (spin.length >= 2) own.spin_photos = spin;
        const interior = m.interior ? done.get(m.interior) : undefined;
        if (interior?.ok) own.interior_photo = interior;
      }
    }

    const gauges = tenantHasPriceGauge(model.tenant) ? priceGauges(model.vehicles) : undefined;
    // Picked on the search documents the model step made (an output run on its own reads the model's index).
    const similar = await similarCarIds(model, documents?.docs);
    for (const car of model.vehicles) {
      const own = fields.get(car.id) as VdpBuildFields;
      if (gauges) own.price_gauge = gauges.get(car.id) ?? null;
      own.similar_ids = similar.get(car.id) ?? [];
    }
    return { vehiclePages: fields };
  },

  async write({ model, siteOut, log, imageCache }) {
    let written = 0;
    const photos: Photo[] = [];
    for (const car of model.vehicles as readonly VdpVehicle[]) photos.push(...(car.spin_photos ?? []), ...(car.interior_photo?.ok ? [car.interior_photo] : []));
    // The gauge's comparable stock by model, which the pages compute their gauge from (a tenant with the
    // AutoGrab plugin asks the functions instead). Only the models some page shows a gauge for.
    if (gaugeFromModelFiles(model.tenant)) {
      const shown = new Set((model.vehicles as readonly VdpVehicle[]).filter((car) => shouldShowPriceGauge(car.price_gauge)).map((car) => marketPath(car)));
      for (const [path, groups] of marketFiles(model.vehicles)) {
        if (!shown.has(path)) continue;
        writeJson(siteOut, path, groups);
        written++;
      }
    }
    if (photos.length > 0) {
      const { missing } = await publishImages(photos, imageCache, siteOut);
      for (const m of missing) log(`spin image missing from the cache: ${m}`);
    }
    const similar = writeSimilarFiles(model.vehicles as readonly VdpVehicle[], siteOut);
    if (similar.missing.length)
      log(`similar cars: no card for ${similar.missing.length} car(s) (${similar.missing.slice(0, 5).join(', ')}); their lists are shorter`);
    log(`vehicle extras: ${written} price-gauge model files, ${similar.files} similar-cars band files, ${photos.length} spin and interior images`);
  },
};
