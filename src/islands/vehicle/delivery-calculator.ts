import { estimateDelivery } from '../../lib/delivery/index.ts';
import type { DeliveryZone } from '../../lib/schemas/delivery.ts';
import { formatDollars } from '../../lib/rules/format.ts';

/** The delivery estimate for a 4-digit postcode from the dealer's zones, with the spec's messages. */
export function mount(el: HTMLElement): void {
  const zones = JSON.parse(el.dataset['zones'] ?? '[]') as DeliveryZone[];
  const form = el.querySelector('form');
  const input = el.querySelector<HTMLInputElement>('[name="postcode"]');
  const result = el.querySelector<HTMLElement>('[data-out="delivery"]');
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    const estimate = estimateDelivery(input?.value, zones);
    input?.setAttribute('aria-invalid', String(!estimate.ok && estimate.reason !== 'unknown'));
    if (!result) return;
    result.classList.toggle('is-error', !estimate.ok);
    result.textContent = estimate.ok ? `Delivery to ${estimate.name}: ${estimate.price > 0 ? formatDollars(estimate.price) : 'Free'}` : estimate.message;
  });
}
