/**
 * What a car's PDF sheet costs, to choose between rendering it at request time and at build time
 * (docs/performance.md): on a built tenant, the cold start (loading pdf-lib, sharp and the page
 * model, then the first sheet), then --cars sheets (the tenant's listed cars in turn): the page model
 * and sheet, reading and converting the photo (WebP -> JPEG), drawing the PDF, and the bytes.
 *
 *   node scripts/bench-pdf.ts --dist dist --tenant demo-coastal-toyota [--cars 1500] [--out dir]
 *
 * --out writes a few sheets there (to look at them: pdftoppm -png -r 60 <file> <prefix>).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { intFlag, orUsageExit, parseCli } from './lib/cli.ts';

const USAGE = `
Usage: node scripts/bench-pdf.ts --dist <dist> --tenant <slug> [--cars 1500] [--out <dir>]

Measures the car PDF per car on a built tenant: cold start, page model, photo, drawing, bytes.
`;

const t0 = performance.now();
const flags = parseCli(USAGE, { dist: { type: 'string' }, tenant: { type: 'string' }, cars: { type: 'string' }, out: { type: 'string' } });
const dist = resolve(flags.dist ?? 'dist');
const slug = flags.tenant ?? 'demo-coastal-toyota';
const count = orUsageExit(() => intFlag('cars', flags.cars, 1500, 2));
const out = flags.out;

// Everything the route loads, timed as a cold function would load it.
const [{ loadModels, Registry }, { vehiclePage }, { carSheet }, { renderCarPdf, photoForPdf }, { distFileReader }] = await Promise.all([
  import('../functions/registry.ts'),
  import('../src/lib/vdp/page-model.ts'),
  import('../src/lib/vdp/pdf-sheet.ts'),
  import('../functions/lib/car-pdf.ts'),
  import('../functions/lib/site-file.ts'),
]);
const tImported = performance.now();
const { models, problems } = loadModels(join(dist, '_build'), [slug]);
if (!models.length) throw new Error(problems.join('\n') || `no model for ${slug} in ${dist}`);
const site = new Registry(models).get(slug)!;
const model = {
  tenant: site.tenant,
  vehicles: [...site.vehicles],
  now: site.now,
  built_at: site.builtAt,
  views: Object.fromEntries(site.vehicles.map((v) => [v.id, site.view(v)])),
};
const read = distFileReader(dist);
const listed = site.vehicles.filter((v) => v.listed);
const tLoaded = performance.now();

const times = { sheet: 0, photo: 0, draw: 0 };
let bytes = 0;
let withPhoto = 0;
let first = 0;
if (out) mkdirSync(out, { recursive: true });
for (let i = 0; i < count; i++) {
  const car = listed[i % listed.length]!;
  const a = performance.now();
  const sheet = carSheet(vehiclePage(car, model), site.tenant);
  const b = performance.now();
  let photo;
  if (sheet.photo) {
    const webp = await read(slug, sheet.photo.url);
    if (webp) {
      photo = await photoForPdf(webp);
      withPhoto++;
    }
  }
  const c = performance.now();
  const pdf = await renderCarPdf(sheet, photo, { primary: site.tenant.theme.primary, date: new Date(site.builtAt) });
  const d = performance.now();
  if (i === 0) first = d - a;
  else {
    times.sheet += b - a;
    times.photo += c - b;
    times.draw += d - c;
  }
  bytes += pdf.length;
  if (out && i < 6) writeFileSync(join(out, `${car.slug}.pdf`), pdf);
}

const n = count - 1;
const perCar = (times.sheet + times.photo + times.draw) / n;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
console.log(`tenant ${slug}: ${listed.length} listed cars, ${count} sheets (${withPhoto} with a photo)`);
console.log(
  `cold start: imports ${ms(tImported - t0)}, model file ${ms(tLoaded - tImported)}, first sheet ${ms(first)} (the first vehiclePage builds the breadcrumb search routes once)`,
);
console.log(
  `per car (warm): page model + sheet ${ms(times.sheet / n)}, photo WebP -> JPEG ${ms(times.photo / n)}, drawing ${ms(times.draw / n)}; total ${ms(perCar)}`,
);
console.log(`bytes: ${kb(bytes / count)} per car; ${(bytes / 1024 / 1024).toFixed(1)} MB for ${count}`);
console.log(
  `build time, 5,000 cars, one core: ${((perCar * 5000) / 1000).toFixed(1)} s and ${(((bytes / count) * 5000) / 1024 / 1024).toFixed(0)} MB more output`,
);
