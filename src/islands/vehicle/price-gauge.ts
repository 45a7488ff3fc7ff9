import { shouldShowPriceGauge, type PriceGauge } from '../../lib/price-gauge/index.ts';
import { formatDollars } from '../../lib/rules/format.ts';

/**
 * The price comparison gauge: GET {car path}/autogauge; a skeleton until it answers, nothing on a
 * failure or when the gauge is not to be shown; the marker animates into place over 2.2 s.
 */
export function mount(el: HTMLElement): void {
  fetch(el.dataset['src'] ?? '')
    .then((res) => (res.ok ? (res.json() as Promise<PriceGauge>) : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((gauge) => {
      if (!shouldShowPriceGauge(gauge)) return el.remove();
      const set = (key: string, text: string) => {
        const o = el.querySelector(`[data-out="${key}"]`);
        if (o) o.textContent = text;
      };
      set('min', formatDollars(gauge.market_range_min));
      set('max', formatDollars(gauge.market_range_max));
      set('price', formatDollars(gauge.listing_price));
      set('description', gauge.description);
      const meter = el.querySelector<HTMLElement>('[role="meter"]');
      meter?.setAttribute('aria-valuenow', String(gauge.fill));
      meter?.setAttribute('aria-valuetext', `${formatDollars(gauge.listing_price)}: ${gauge.description}`);
      el.classList.remove('is-loading');
      el.setAttribute('aria-busy', 'false');
      // Next frame, so the marker transitions from the left edge to its place.
      requestAnimationFrame(() => requestAnimationFrame(() => el.style.setProperty('--fill', `${gauge.fill}%`)));
    })
    .catch((err: unknown) => {
      console.error('Failed to fetch auto gauge data', err);
      el.remove();
    });
}
