/**
 * lead_attributes.visited_pages: the pages this session visited, oldest first, as the leads route
 * accepts them (functions/routes/leads.ts: a list of paths of at most 500 characters each). We keep
 * the last 20 (the payload sends no more), and a reload of the same page adds nothing.
 */
/** Where this browser keeps them for the session (sessionStorage; the footer writes, the lead form reads). */
export const VISITED_PAGES_KEY = 'dealer:visited';
export const LANDING_QUERY_KEY = 'dealer:landing-query';
export const VISITS_KEPT = 20;
export const VISIT_MAX_CHARS = 500;

/** The list after visiting `path`: appended unless it is the page just recorded, capped to the last 20. */
export function nextVisits(pages: readonly string[], path: string): string[] {
  const here = path.slice(0, VISIT_MAX_CHARS);
  if (!here || pages.at(-1) === here) return pages.slice(-VISITS_KEPT);
  return [...pages, here].slice(-VISITS_KEPT);
}

/**
 * The landing query kept for the session: the first page's query string (utm_*, gclid...), never a
 * later page's. `stored` is null until the first page of the session records its own (maybe empty).
 */
export function landingQueryFor(stored: string | null, current: string): string {
  return stored ?? current;
}

/** The lead's page_id: the page the form was sent from (its path, at most 100 characters as the route accepts). */
export function pageIdOf(path: string): string {
  return path.slice(0, 100);
}
