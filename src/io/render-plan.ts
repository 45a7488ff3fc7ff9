/**
 * Which car pages this build renders (scripts/lib/incremental.ts decides; scripts/build-tenant.ts writes
 * the plan and hands it to the build's Astro integration, src/io/astro-model.ts, which serves it as
 * `virtual:dealer/render-plan`). No plan (npm run dev), or a plan without a list: every page. The car
 * pages' getStaticPaths pass their paths through `plannedCarPaths`; the build copies the other cars'
 * pages from the previous build, whose inputs were the same.
 */
import plan from 'virtual:dealer/render-plan';

const planned: ReadonlySet<string> | null = plan.render ? new Set(plan.render) : null;
let everyPage = 0;

/** The paths of the cars (by slug) this build renders. */
export function plannedCarPaths<T extends { params: { slug: string } }>(paths: T[]): T[] {
  const render = everyPage > 0 ? null : planned;
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
