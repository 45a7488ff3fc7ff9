/**
 * Browser side of PageAnalytics.astro: sends the page's view events once, and an event for each click
 * on an element marked data-track-click="<event id>".
 */
import { EVENT_IDS, track, viewContent, type EventId } from './index.ts';

interface PageAnalytics {
  events: { id: EventId; data?: Record<string, unknown> }[];
  viewContent?: Record<string, unknown>;
}

const KNOWN = new Set<number>(Object.values(EVENT_IDS));

export function initPageAnalytics(doc: Document): void {
  for (const el of doc.querySelectorAll<HTMLElement>('script[data-page-analytics]')) {
    try {
      const page = JSON.parse(el.textContent ?? '{}') as PageAnalytics;
      for (const e of page.events) track(e.id, e.data);
      if (page.viewContent) viewContent(page.viewContent);
    } catch (err) {
      console.warn('page analytics not sent', err);
    }
  }
  doc.addEventListener('click', (event) => {
    const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-track-click]') : null;
    const id = Number(el?.dataset['trackClick']);
    if (KNOWN.has(id)) track(id as EventId, { path: location.pathname });
  });
}
