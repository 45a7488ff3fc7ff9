/**
 * GET /api/cars/{slug}/pdf: the car's sheet as a PDF download (the spec's "Download car PDF by slug",
 * path not shown). What it says comes from the vehicle page's own model (vehiclePage -> carSheet), so
 * the price, specs, licence and disclaimer are the page's. Rendered at request time (docs/performance.md
 * says why), cached per car and version: the ETag is a hash of everything the sheet shows (the photo's
 * URL is content-addressed), a matching If-None-Match is a 304 without rendering, and rendered bytes
 * are kept in memory per instance. Errors are JSON `{error}` like every route; the page alerts them.
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import type { CarSheet } from '../../src/lib/vdp/pdf-sheet.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import type { SheetPhoto } from '../lib/car-pdf.ts';
import { guardedGet } from '../lib/outbound.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import type { Site } from '../registry.ts';

/** Bump when the layout changes, so cached copies (browsers, CDN, this instance) are replaced. */
const LAYOUT_VERSION = 1;
/** Rendered PDFs kept per instance (about 18 KB each: 3.6 MB). */
const MEMORY_ENTRIES = 200;
const PHOTO_TIMEOUT_MS = 3000;
/** The 640 px WebP is about 40 KB; anything far larger is not our photo. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/**
 * pdf-lib, sharp and the page model are loaded by the first PDF asked of an instance, not at start:
 * every other route's cold start stays as it was (docs/performance.md, "Car PDF").
 */
const importCode = () =>
  Promise.all([import('../../src/lib/vdp/page-model.ts'), import('../../src/lib/vdp/pdf-sheet.ts'), import('../lib/car-pdf.ts')]).then(
    ([page, sheet, pdf]) => ({
      vehiclePage: page.vehiclePage,
      carSheet: sheet.carSheet,
      renderCarPdf: pdf.renderCarPdf,
      photoForPdf: pdf.photoForPdf,
    }),
  );
let code: ReturnType<typeof importCode> | undefined;
const load = () => (code ??= importCode());

/** The page model needs a SiteModel; one per site, so vehiclePage's per-model caches are kept. */
const models = new WeakMap<Site, SiteModel>();
function modelOf(site: Site): SiteModel {
  let m = models.get(site);
  if (!m) {
    // The build's views, as the registry read them from model.json: the page model reads them, decides nothing.
    m = {
      tenant: site.tenant,
      vehicles: [...site.vehicles],
      now: site.now,
      built_at: site.builtAt,
      views: Object.fromEntries(site.vehicles.map((v) => [v.id, site.view(v)])),
    };
    models.set(site, m);
  }
  return m;
}

function sheetEtag(sheet: CarSheet, primary: string | undefined): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: LAYOUT_VERSION, sheet, primary }))
    .digest('base64url');
  return `"pdf-${hash.slice(0, 27)}"`;
}

async function photoBytes(deps: Deps, site: Site, path: string): Promise<SheetPhoto | undefined> {
  let bytes: Uint8Array | undefined;
  try {
    if (deps.siteFile) bytes = await deps.siteFile(site.slug, path);
    else {
      // The tenant's configured address, never the request's Host (which the client writes), through
      // the outbound guard (issue 27): https to a public address only, no redirect, at most 5 MB.
      bytes = await guardedGet(new URL(path, site.tenant.url).href, deps.options.outbound, PHOTO_TIMEOUT_MS, MAX_PHOTO_BYTES);
    }
    if (!bytes) return undefined;
    const { photoForPdf } = await load();
    return await photoForPdf(bytes);
  } catch (err) {
    console.error(`[car-pdf] ${site.slug}: photo ${path} left out: ${(err as Error).message}`);
    return undefined;
  }
}

export function carPdfRoute(app: Hono<AppEnv>, deps: Deps): void {
  const rendered = new Map<string, Uint8Array>();
  app.get('/api/cars/:slug/pdf', rateLimit(deps, 'pdf', 'pdfPerIp'), async (c) => {
    const site = c.get('site');
    const car = site.carBySlug(c.req.param('slug'));
    // Only cars with a page (listed) have a sheet.
    if (!car?.listed) return c.json({ error: Http.unknownCar }, 404);

    const { vehiclePage, carSheet, renderCarPdf } = await load();
    const sheet = carSheet(vehiclePage(car, modelOf(site)), site.tenant);
    const etag = sheetEtag(sheet, site.tenant.theme.primary);
    c.header('ETag', etag);
    // Browsers and the CDN keep it a minute, then ask again with If-None-Match (a 304 costs no rendering).
    c.header('Cache-Control', 'public, max-age=60, must-revalidate');
    const match = c.req.header('If-None-Match');
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);

    const key = `${site.slug}\n${etag}`;
    let pdf = rendered.get(key);
    if (pdf) {
      rendered.delete(key);
      rendered.set(key, pdf);
    } else {
      const photo = sheet.photo ? await photoBytes(deps, site, sheet.photo.url) : undefined;
      pdf = await renderCarPdf(sheet, photo, { primary: site.tenant.theme.primary, date: new Date(site.builtAt) });
      if (sheet.photo && !photo)
        c.header('Cache-Control', 'no-store'); // a passing failure: not this version's sheet
      else {
        rendered.set(key, pdf);
        if (rendered.size > MEMORY_ENTRIES) rendered.delete(rendered.keys().next().value ?? '');
      }
    }
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${sheet.filename.replace(/[^\w.-]/g, '_')}"`);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
  });
}
