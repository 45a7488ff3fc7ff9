import type { ClientDirective } from 'astro';

/** Events that show the shopper is about to use the search (pointer over it, a tap, focus, a key). */
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * client:interaction — hydrate an island on the first interaction with it, so a search page costs no
 * JavaScript until it is used. A URL carrying more than the pre-rendered page says (a query string,
 * e.g. ?colour=White from a shared link) hydrates at once, because the HTML shows the page's base search.
 */
const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const e of EVENTS) el.removeEventListener(e, start);
    el.setAttribute('data-hydrating', '');
    const hydrate = await load();
    await hydrate();
    el.removeAttribute('data-hydrating');
  };
  if (window.location.search.length > 1) {
    void start();
    return;
  }
  for (const e of EVENTS) el.addEventListener(e, start, { once: true, passive: true });
};

export default interaction;
