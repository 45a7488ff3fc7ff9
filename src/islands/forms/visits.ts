/**
 * lead_attributes: the pages visited this session and the query string the shopper arrived with.
 * The site footer's inline script records every page; the lead form reads both when a lead is sent. The rules (how many pages, the landing query) are in src/lib/forms/visits.ts.
 */
import { LANDING_QUERY_KEY as LANDING, VISITED_PAGES_KEY as PAGES, landingQueryFor, nextVisits } from '../../lib/forms/visits.ts';

/** Records this page (the vehicle page's script; other pages run the footer's inline copy of this rule). */
export function record(): void {
  try {
    sessionStorage.setItem(PAGES, JSON.stringify(nextVisits(visitedPages(), location.pathname)));
    if (sessionStorage.getItem(LANDING) === null) sessionStorage.setItem(LANDING, location.search);
  } catch {
    /* storage blocked */
  }
}

export function visitedPages(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(PAGES) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function landingQuery(): string {
  try {
    return landingQueryFor(sessionStorage.getItem(LANDING), location.search);
  } catch {
    return '';
  }
}
