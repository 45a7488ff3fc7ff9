/**
 * lead_attributes: the pages visited this session and the query string the shopper arrived with.
 * Recorded by a tiny script in every page (record()); read when a lead is sent.
 */
const PAGES = 'dealer:visited';
const LANDING = 'dealer:landing-query';

export function record(): void {
  try {
    const pages = visitedPages();
    const here = location.pathname;
    if (pages.at(-1) !== here) sessionStorage.setItem(PAGES, JSON.stringify([...pages, here].slice(-20)));
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
    return sessionStorage.getItem(LANDING) ?? location.search;
  } catch {
    return '';
  }
}
