/**
 * The browser budgets (design.md; issue 17) as pure checks, shared by the CI test
 * (tests/build/budgets.test.ts), `npm run budget` and `npm run bench:shopper`:
 *   - vehicle page HTML <= 25 KB brotli;
 *   - JavaScript that runs before any interaction <= 15 KB brotli, on every page type;
 *   - a journey of home, the search page and five vehicle pages: bytes on the wire without photos,
 *     headers included, over HTTP/2 as a CDN serves a phone (repeated headers are sent once per
 *     connection), all of them: whatever a page fetches after load or on idle counts. The search
 *     island's code and index are fetched only when the shopper touches a search control (BaseLayout,
 *     client:interaction), so a journey that does not search does not pay for them;
 *   - Lighthouse mobile performance >= 95; accessibility, best practices and SEO 100.
 * Each check returns what is over budget, in words ([] when within).
 */

export const VEHICLE_HTML_BUDGET = 25 * 1024;
export const JS_BEFORE_INTERACTION_BUDGET = 15 * 1024;
/** The goal of issue 17 for the seven-page journey. */
export const JOURNEY_GOAL = 80 * 1024;
/**
 * What CI enforces for the journey, as Chromium (Android's browser) gets it. Car pages travel as
 * deltas against the site's compression dictionary (src/lib/site/dictionary.ts). It was the goal
 * (80 KB: 63-67 KB on the demos on 2026-11-25) while the journey left out what the search page
 * fetched on idle, and with it the small shared modules (the stores, analytics, format...) that the
 * car pages then found in the cache. Counted all in, without that idle fetch, the same journey is
 * 71.8-78.4 KB (2026-11-27), depending on the day's first five cars: held there with room for that.
 * See docs/performance.md.
 */
export const JOURNEY_BUDGET = 84 * 1024;
/**
 * The same journey in a browser without compression dictionary transport (Safari, for one), where
 * every car page travels whole: 88-92 KB on the demos on 2026-11-25 without the shared modules the
 * idle fetch had cached (see above); 97.1-103.5 KB all in on 2026-11-27 (the three demos). Held there so it does not grow.
 */
export const JOURNEY_BUDGET_WITHOUT_DICTIONARIES = 108 * 1024;
/**
 * Issue 26's goal for the whole journey on a host or browser without dictionaries, everything
 * fetched included (it was 220 KB while the search page fetched its code on idle). The budget above
 * is stricter and is what CI holds.
 */
export const JOURNEY_ALL_IN_GOAL = 150 * 1024;
/**
 * The full render's goal on the bench tenant, in wall ms a page (issue 28), printed by bench:build beside
 * the measured median. A goal, not a budget: the build's wall time depends on the machine, and tests keep
 * to bytes and scores. On the 2-core machine of stop 39 Astro alone takes 0.88 ms a page for a page of
 * five elements (docs/performance.md).
 */
export const RENDER_GOAL_MS_PER_PAGE = 1.0;
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];
export type Scores = Record<LighthouseCategory, number>;
export const LIGHTHOUSE_BUDGET: Scores = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

export type PageType = 'home' | 'search' | 'vehicle' | 'location';

/** What was measured on one page of one tenant (bytes are brotli; missing figures are not checked). */
export interface PageMeasure {
  tenant: string;
  type: PageType;
  path: string;
  htmlBrotli?: number | undefined;
  jsBeforeInteractionBrotli?: number | undefined;
  scores?: Scores | undefined;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A page's byte budgets: HTML for vehicle pages, JS before interaction for every page type. */
export function bytesOverBudget(m: PageMeasure): string[] {
  const out: string[] = [];
  const where = `${m.tenant} ${m.type} ${m.path}`;
  if (m.type === 'vehicle' && m.htmlBrotli !== undefined && m.htmlBrotli > VEHICLE_HTML_BUDGET)
    out.push(`${where}: HTML ${kb(m.htmlBrotli)} brotli > ${kb(VEHICLE_HTML_BUDGET)}`);
  if (m.jsBeforeInteractionBrotli !== undefined && m.jsBeforeInteractionBrotli > JS_BEFORE_INTERACTION_BUDGET)
    out.push(`${where}: JS before interaction ${kb(m.jsBeforeInteractionBrotli)} brotli > ${kb(JS_BEFORE_INTERACTION_BUDGET)}`);
  return out;
}

/** Categories under the Lighthouse budget. */
export function scoresUnderBudget(m: PageMeasure, budget: Scores = LIGHTHOUSE_BUDGET): string[] {
  if (!m.scores) return [];
  const scores = m.scores;
  return LIGHTHOUSE_CATEGORIES.filter((c) => scores[c] < budget[c]).map((c) => `${m.tenant} ${m.type} ${m.path}: Lighthouse ${c} ${scores[c]} < ${budget[c]}`);
}

/** The journey's bytes without photos against its budget. */
export function journeyOverBudget(tenant: string, bytesWithoutPhotos: number, budget = JOURNEY_BUDGET): string[] {
  return bytesWithoutPhotos > budget ? [`${tenant} journey: ${kb(bytesWithoutPhotos)} without photos > ${kb(budget)}`] : [];
}

/** The median score of each category over several Lighthouse runs of one page. */
export function medianScores(runs: readonly Scores[]): Scores {
  if (runs.length === 0) throw new Error('medianScores: no runs');
  const med = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : Math.round((s[s.length / 2 - 1]! + s[s.length / 2]!) / 2);
  };
  return Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, med(runs.map((r) => r[c]))])) as Scores;
}

/** Runs taken when the first is under budget: Lighthouse's own advice for a noisy machine is the median of five (docs/variability.md, "Run Lighthouse multiple times"), which roughly halves the spread of one run. */
export const LIGHTHOUSE_RUNS_WHEN_UNDER = 5;

/**
 * Lighthouse scores of one page: one run, and when that run is under budget (scores vary with the
 * machine's load) four more, taking the median of the five per category.
 */
export async function scoresWithRetry(run: () => Promise<Scores>, budget: Scores = LIGHTHOUSE_BUDGET): Promise<{ scores: Scores; runs: Scores[] }> {
  const runs = [await run()];
  if (LIGHTHOUSE_CATEGORIES.some((c) => runs[0]![c] < budget[c])) while (runs.length < LIGHTHOUSE_RUNS_WHEN_UNDER) runs.push(await run());
  return { scores: medianScores(runs), runs };
}
