/**
 * lead_attributes: the pages visited this session and the query string the shopper arrived with.
 * record() runs on every page (a tiny script in the site footer); the lead form reads both when a
 * lead is sent. The rules (how many pages, the landing query) are in src/lib/forms/visits.ts.
 */
import { landingQueryFor, nextVisits } from '../../lib/forms/visits.ts';

const PAGES = 'dealer:visited';
const LANDING = 'dealer:landing-query';

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
