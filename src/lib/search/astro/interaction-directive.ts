import type { ClientDirective } from 'astro';
import { TYPED_AT } from '../timing.ts';

/** Events that can show the shopper is about to use the search (see `isIntent`). */
const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/** The controls whose touch or focus means the shopper is about to search or filter. */
const CONTROLS = 'input, select, textarea, button, label, summary, [role="button"]';

/**
 * Whether an event shows the shopper is about to use the island: a key; a mouse over it (a desktop,
 * where the code is cheap and hovering comes before the click); a touch, click or focus on one of its
 * controls. A finger that lands on a result card to scroll the list or to open the car is not: on a
 * phone the search code (about 140 KB) is fetched only by a shopper who searches or filters.
 */
function isIntent(event: Event): boolean {
  // An event the page dispatched itself is a script asking the island to start (the search cards'
  // Quick Enquiry link wakes its host island so), never a stray touch.
  if (!event.isTrusted || event.type === 'keydown') return true;
  if (event.type === 'pointerover') return (event as PointerEvent).pointerType === 'mouse';
  return event.target instanceof Element && event.target.closest(CONTROLS) !== null;
}

/** Fired (bubbling) on the island when it starts loading, so the page can fetch what the island will need alongside (BaseLayout). */
const START_EVENT = 'dealer:island-start';

/**
 * What only the island's code can do: buttons (Filters, Show all makes, Clear Filters) and the facets'
 * checkboxes and radios. Links, the sort select, the search box and a button that opens a native
 * popover (the catalogue's Filters on a phone) work natively and are left alone.
 */
const NEEDS_CODE = 'button:not([popovertarget]), [role="button"], input[type="checkbox"], input[type="radio"]';

/**
 * client:interaction — hydrate an island on the first interaction with it, so a search page costs no
 * JavaScript until it is used, and downloads none until the shopper shows they are about to use it. A URL carrying more than the pre-rendered page says (a query string,
 * e.g. ?colour=White from a shared link) hydrates at once, because the HTML shows the page's base search.
 *
 * No first tap is lost: a click on a control that needs the island's code, made while that code is
 * still arriving, is held (its default prevented, so a checkbox does not tick on its own) and made
 * again on the same control once the island has hydrated and is ready. Only the last such click is kept.
 */
const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let held: Element | undefined;
  const hold = (event: Event) => {
    const node = event.target instanceof Element ? event.target.closest(NEEDS_CODE) : null;
    if (!event.isTrusted || !node) return;
    event.preventDefault();
    event.stopPropagation();
    held = node;
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const e of EVENTS) el.removeEventListener(e, onEvent);
    el.addEventListener('click', hold, true);
    el.setAttribute('data-hydrating', '');
    el.dispatchEvent(new CustomEvent(START_EVENT, { bubbles: true }));
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeAttribute('data-hydrating');
    }
    // Clicks are held until the island says it is ready ([data-ready], set once React has committed
    // the hydrated tree), or for 5 s at most: before that a click can land on markup React has not
    // taken over yet. Hydration keeps the server's elements, so the held one is still the control.
    const since = performance.now();
    const replay = () => {
      if (!el.querySelector('[data-ready]') && performance.now() - since < 5000) {
        requestAnimationFrame(replay);
        return;
      }
      el.removeEventListener('click', hold, true);
      el.removeEventListener('input', typed);
      if (held instanceof HTMLElement && held.isConnected) held.click();
      held = undefined;
    };
    requestAnimationFrame(replay);
  };
  const onEvent = (event: Event) => {
    if (isIntent(event)) void start();
  };
  // When the shopper last typed, until the island takes over (its search box reads it: widgets.tsx).
  const typed = () => el.setAttribute(TYPED_AT, String(performance.now()));
  el.addEventListener('input', typed, { passive: true });
  if (window.location.search.length > 1) {
    void start();
    return;
  }
  for (const e of EVENTS) el.addEventListener(e, onEvent, { passive: true });
};

export default interaction;
