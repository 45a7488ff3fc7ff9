import { similarCarouselHtml } from '../../lib/vdp/similar-band.ts';

/**
 * Similar cars: GET the car's price band file (/cars/_similar/*.json, the build's: each car's list and
 * the cards' HTML, rendered by the one card component) when the section nears the screen, and show the
 * car's list. On a failure the spec's behaviour: logged only, the section keeps its link to the search filter.
 */
export function mount(el: HTMLElement): void {
  const list = el.querySelector<HTMLElement>('.vdp-carousel');
  // Busy only once this runs: without script, or if this code never arrives, the section is its link.
  el.classList.add('is-loading');
  el.setAttribute('aria-busy', 'true');
  fetch(el.dataset['src'] ?? '')
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((data) => {
      const html = similarCarouselHtml(el.dataset['car'] ?? '', data);
      if (html === undefined || !list) throw new Error('no list for this car in the answer');
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
