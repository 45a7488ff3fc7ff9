/**
 * Which car pages this build renders (scripts/lib/incremental.ts decides; scripts/build-tenant.ts writes
 * the plan and names it in DEALER_RENDER_PLAN). Unset, or a plan without a list: every page. The car
 * pages' getStaticPaths pass their paths through `plannedCarPaths`; the build copies the other cars'
 * pages from the previous build, whose inputs were the same.
 */
import { readFileSync } from 'node:fs';

let plan: ReadonlySet<string> | null | undefined;
let everyPage = 0;

function carsToRender(): ReadonlySet<string> | null {
  if (plan !== undefined) return plan;
  const file = process.env['DEALER_RENDER_PLAN'];
  const render = file ? (JSON.parse(readFileSync(file, 'utf8')) as { render?: string[] | null }).render : null;
  plan = render ? new Set(render) : null;
  return plan;
}

/** The paths of the cars (by slug) this build renders. */
export function plannedCarPaths<T extends { params: { slug: string } }>(paths: T[]): T[] {
  const render = everyPage > 0 ? null : carsToRender();
  return render ? paths.filter((p) => render.has(p.params.slug)) : paths;
}

/**
 * Runs `list` with every car's paths, rendered this time or not (the sitemap lists the site, not the
 * build). Were Astro to ask for a route's paths meanwhile, it would render more pages than planned,
 * never fewer: the same files.
 */
export async function withEveryCarPage<T>(list: () => Promise<T>): Promise<T> {
  everyPage++;
  try {
    return await list();
  } finally {
    everyPage--;
  }
}
