/**
 * The build's compliance step: after Astro has rendered the staged site and before it is swapped
 * into place, the rules in src/lib/compliance/ run over the model (licence numbers in tenant.json,
 * price types) and over the built pages (what the home page and every vehicle page show, every form).
 * Errors hold the publish (scripts/build-tenant.ts); warnings are reported and published.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { viewOf, type SiteModel } from '../../src/lib/site/site-model.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import type { VdpVehicle } from '../../src/lib/vdp/vehicle.ts';
import { vehiclePage } from '../../src/lib/vdp/page-model.ts';
import { mergeRepeats, sortFindings, type Finding } from '../../src/lib/compliance/findings.ts';
import { licenceNumberFindings, licenceShownFindings, licencesForCar } from '../../src/lib/compliance/licence.ts';
import { priceTypeFindings, requiredPriceLabel } from '../../src/lib/compliance/prices.ts';
import { financeFindings, formFindings, licencesShown, photoFindings, priceFindings, readPage, type Page } from '../../src/lib/compliance/pages.ts';

export const PRIVACY_PATH = '/privacy-policy';

/** The HTML file of a site path (/cars/x -> cars/x/index.html or cars/x.html); undefined if not built. */
export function pageFile(siteDir: string, path: string): string | undefined {
  const p = path.replace(/^\/+|\/+$/g, '');
  for (const f of [join(siteDir, p, 'index.html'), join(siteDir, `${p || 'index'}.html`)]) if (existsSync(f)) return f;
  return undefined;
}

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) htmlFiles(p, out);
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out;
}

/** "/cars/x/index.html" -> "/cars/x". */
function sitePath(siteDir: string, file: string): string {
  const rel = relative(siteDir, file).split(sep).join('/');
  return `/${rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
}

/** How findings name a car: stock number, then year make model. */
export function carLabel(v: Pick<Vehicle, 'stocknum' | 'id' | 'year' | 'make' | 'model'>): string {
  return `${v.stocknum ?? v.id} ${[v.year, v.make, v.model].filter(Boolean).join(' ')}`;
}

export interface ComplianceRun {
  findings: Finding[];
  pages_checked: number;
  /** Each car's page checks (by car path), for the next build to reuse for the cars whose pages it copies. */
  cars: Record<string, CarChecks>;
  /** Cars whose checks were reused. */
  reused: number;
}

/** What a car's two pages (its page and its print sheet) gave the checks. */
export interface CarChecks {
  findings: Finding[];
  licences: [string, string][];
  print?: { path: string; licences: [string, string][] } | undefined;
}

/**
 * `reuse`: the previous build's checks of the cars whose pages this build copied unchanged from it
 * (scripts/lib/incremental.ts: same page inputs, same bytes), by car path; their pages are not read again.
 */
export function runCompliance(model: SiteModel, siteDir: string, today: string, reuse: ReadonlyMap<string, CarChecks> = new Map()): ComplianceRun {
  const { tenant } = model;
  const findings: Finding[] = [...licenceNumberFindings(tenant.locations)];
  const cssCache = new Map<string, string | undefined>();
  const css = (href: string) => {
    if (!href.startsWith('/') || href.startsWith('//')) return undefined;
    if (!cssCache.has(href)) {
      const f = join(siteDir, href.split(/[?#]/)[0]!);
      cssCache.set(href, existsSync(f) ? readFileSync(f, 'utf8') : undefined);
    }
    return cssCache.get(href);
  };
  const privacyPublished = pageFile(siteDir, PRIVACY_PATH) !== undefined;
  const licencePages: { path: string; licences: Map<string, string>; only?: string[] }[] = [];
  const vehicleFiles = new Set<string>();
  let checked = 0;
  const check = (path: string, html: string): Page => {
    checked++;
    return readPage(path, html, css);
  };

  const cars: Record<string, CarChecks> = {};
  let reused = 0;
  for (const car of model.vehicles) {
    const file = pageFile(siteDir, car.path);
    if (!file) continue;
    vehicleFiles.add(file);
    const printPath = `/print/${car.slug}`;
    const printFile = pageFile(siteDir, printPath);
    if (printFile) vehicleFiles.add(printFile);
    const label = carLabel(car);
    const view = viewOf(model, car);
    let done = reuse.get(car.path);
    if (done && (done.print !== undefined) === (printFile !== undefined)) {
      reused++;
      checked += printFile ? 2 : 1;
    } else {
      const page = check(car.path, readFileSync(file, 'utf8'));
      const vdp = vehiclePage(car as VdpVehicle, model);
      const block = vdp.finance.block;
      done = {
        findings: [
          ...formFindings(page, PRIVACY_PATH, privacyPublished),
          ...financeFindings(page, {
            car: label,
            today,
            lenderDisclaimer: block?.disclaimer ? { lender: block.provider } : undefined,
          }),
          ...priceFindings(page, { car: label, expectedLabel: requiredPriceLabel(view), priceType: car.price_type ?? undefined }),
          ...photoFindings(page, { label, make: car.make, model: car.model ?? '' }),
        ],
        licences: [...licencesShown(page)],
        // The car's print sheet (advertising material): the licence of the car's location.
        print: printFile ? { path: printPath, licences: [...licencesShown(readPage(printPath, readFileSync(printFile, 'utf8')))] } : undefined,
      };
      if (printFile) checked++;
    }
    cars[car.path] = done;
    findings.push(...done.findings, ...priceTypeFindings(view, car.price_type, label));
    licencePages.push({ path: car.path, licences: new Map(done.licences) });
    if (done.print)
      licencePages.push({
        path: done.print.path,
        licences: new Map(done.print.licences),
        only: licencesForCar(tenant.locations, car.location?.id).map((l) => l.slug),
      });
  }
  for (const file of htmlFiles(siteDir)) {
    if (vehicleFiles.has(file)) continue;
    const path = sitePath(siteDir, file);
    // Most other pages (print pages, search pages) have no form and no finance offer: not parsed.
    const html = readFileSync(file, 'utf8');
    if (path !== '/' && !/<form[\s>]|data-finance-offer/.test(html)) continue;
    const page = check(path, html);
    findings.push(...formFindings(page, PRIVACY_PATH, privacyPublished));
    if (path === '/') licencePages.push({ path, licences: licencesShown(page) });
    // Finance offers outside vehicle pages (offers, specials) are checked without a car.
    findings.push(...financeFindings(page, { car: path, today }));
  }
  findings.push(...licenceShownFindings(tenant.locations, licencePages));
  return { findings: sortFindings(mergeRepeats(findings)), pages_checked: checked, cars, reused };
}
