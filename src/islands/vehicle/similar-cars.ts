/**
 * Similar cars: GET /cars/{slug}/similar.json (the build's file: ids and their cards' HTML, rendered by
 * the one card component) when the section nears the screen. On a failure the spec's behaviour: logged
 * only, the section keeps its link to the search filter.
 */
export function mount(el: HTMLElement): void {
  const list = el.querySelector<HTMLElement>('.vdp-carousel');
  // Busy only once this runs: without script, or if this code never arrives, the section is its link.
  el.classList.add('is-loading');
  el.setAttribute('aria-busy', 'true');
  fetch(el.dataset['src'] ?? '')
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((data) => {
      const html = (data as { html?: unknown } | null)?.html;
      if (typeof html !== 'string' || !list) throw new Error('unexpected answer');
      // Our own build's markup, from our own origin: the cards as the rest of the site renders them.
      list.innerHTML = html;
    })
    .catch((err: unknown) => {
      console.error('Failed to fetch similar cars', err);
      list?.remove();
    })
    .finally(() => {
      el.classList.remove('is-loading');
      el.setAttribute('aria-busy', 'false');
    });
}
