/**
 * outputs: after the render, each output writes its files (search index, feeds, gauges, dictionary,
 * headers: scripts/lib/outputs/), the photos are published from the image cache, and the site is counted.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Photo } from '../../../../src/lib/model/vehicle.ts';
import { publishImages } from '../../images/pipeline.ts';
import { OUTPUTS } from '../../outputs/index.ts';
import type { BuildContext } from '../context.ts';
import { outputContext } from '../output-context.ts';
import type { Stage } from '../pipeline.ts';
import type { Modelled } from './model.ts';

function walk(dir: string, visit: (file: string, size: number) => void): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, visit);
    else visit(p, statSync(p).size);
  }
}

export const outputs: Stage<BuildContext, Modelled & { photos: Map<string, Photo> }, object> = {
  name: 'outputs',
  // Its own key: counted with compliance until stop 39, it made compliance look slower than the render.
  timing: 'outputs',
  async run(ctx, { model, staging, previousSite, photos }) {
    const { report } = ctx;
    const siteOut = staging.site;
    const writeCtx = outputContext(ctx, staging, model, ctx.previous && existsSync(previousSite) ? previousSite : undefined);
    // Each part's wall time in the report (outputs_ms), under the stage's one figure: what to look at when the stage is slow.
    const parts: Record<string, number> = {};
    const timed = async (name: string, part: () => unknown) => {
      const started = performance.now();
      await part();
      parts[name] = Math.round(performance.now() - started);
    };
    for (const { name, write } of OUTPUTS) if (write) await timed(name, () => write(writeCtx));

    await timed('photos', async () => {
      const published = await publishImages(photos.values(), ctx.imageCache, siteOut);
      report.images.published_files = published.files;
    });

    let html = 0;
    let vehiclePages = 0;
    let bytes = 0;
    walk(siteOut, (file, size) => {
      bytes += size;
      if (file.endsWith('.html')) {
        html++;
        if (relative(siteOut, file).startsWith(`cars${'/'}`)) vehiclePages++;
      }
    });
    report.pages = { html, vehicle_pages: vehiclePages };
    report.output_bytes = bytes;
    report.outputs_ms = parts;
    return {};
  },
};
