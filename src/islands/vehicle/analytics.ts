/**
 * Pushes one of the spec's analytics event ids to the tag manager's dataLayer. A failing tracker only
 * warns: analytics never affects the shopper.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(eventId: number, data: Record<string, unknown> = {}): void {
  try {
    (window.dataLayer ??= []).push({ event: 'dealer_event', event_id: eventId, ...data });
  } catch (err) {
    console.warn('analytics event not sent', eventId, err);
  }
}

/** Spec event ids used on the vehicle page. */
export const EVENTS = { callClick: 25, financeCalculatorUsed: 26, print: 61, historyReport: 60 } as const;
