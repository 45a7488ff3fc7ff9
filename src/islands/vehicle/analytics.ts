/** The vehicle page's events go through the site's one analytics module (src/lib/analytics). */
export { track, EVENT_IDS as EVENTS } from '../../lib/analytics/index.ts';
