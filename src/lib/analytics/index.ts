/**
 * The spec's analytics: event ids pushed to the tag manager's dataLayer, and the pixel ViewContent
 * event. A failing tracker only warns; analytics never affects the shopper.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    fbq?: (...args: unknown[]) => void;
  }
}

/** Vehicle spec section 7, "Analytics event ids". */
export const EVENT_IDS = {
  usedCarView: 4,
  financeCalculator: 9,
  enquiryNew: 14,
  enquiryUsed: 15,
  testDriveNew: 17,
  offerAccepted: 18,
  callClick: 25,
  financeCalculatorUsed: 26,
  saveCar: 39,
  testDriveUsed: 48,
  searchView: 49,
  historyReport: 60,
  print: 61,
} as const;
export type EventId = (typeof EVENT_IDS)[keyof typeof EVENT_IDS];

/** The dataLayer entry of an event: the one format every push uses (islands and inline page views). */
export function eventEntry(eventId: EventId, data: Record<string, unknown> = {}): Record<string, unknown> {
  return { event: 'dealer_event', event_id: eventId, ...data };
}

/** The dataLayer entry that mirrors the pixel ViewContent event. */
export function viewContentEntry(data: Record<string, unknown>): Record<string, unknown> {
  return { event: 'ViewContent', ...data };
}

export function track(eventId: EventId, data: Record<string, unknown> = {}): void {
  try {
    (window.dataLayer ??= []).push(eventEntry(eventId, data));
  } catch (err) {
    console.warn('analytics event not sent', eventId, err);
  }
}

/** Pixel ViewContent (sent only where the tenant has a pixel loaded). */
export function viewContent(data: Record<string, unknown>): void {
  try {
    window.fbq?.('track', 'ViewContent', data);
    (window.dataLayer ??= []).push(viewContentEntry(data));
  } catch (err) {
    console.warn('pixel ViewContent not sent', err);
  }
}
