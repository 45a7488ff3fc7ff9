import { shouldShowPriceGauge, type PriceGauge } from '../../lib/price-gauge/index.ts';
import { gaugeFromMarket, type MarketGroup } from '../../lib/price-gauge/market.ts';
import { formatDollars } from '../../lib/rules/format.ts';

/**
 * The price comparison gauge: GET its model's comparable stock (/cars/_market/*.json) and compute the
 * car's gauge by the build's rule, or, with the AutoGrab plugin, GET {car path}/autogauge from the
 * functions; a skeleton until it answers, nothing on a failure or when the gauge is not to be shown;
 * the marker animates into place over 2.2 s.
 */
export function mount(el: HTMLElement): void {
  fetch(el.dataset['src'] ?? '')
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((answer) => {
      const car = el.dataset['car'];
      const gauge = car ? gaugeFromMarket(car, Array.isArray(answer) ? (answer as MarketGroup[]) : []) : (answer as PriceGauge | null);
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
