import { weeklyFuelCost } from '../../lib/rules/fuel-cost.ts';

/** Weekly fuel cost from the price per litre and kilometres a week the shopper types. */
export function mount(el: HTMLElement): void {
  const economy = Number(el.dataset['economy']);
  const price = el.querySelector<HTMLInputElement>('[name="fuel-price"]');
  const distance = el.querySelector<HTMLInputElement>('[name="fuel-distance"]');
  const result = el.querySelector('[data-out="fuel-weekly"]');
  const update = () => {
    const weekly = weeklyFuelCost(distance?.value ?? '', price?.value ?? '', economy);
    if (result) result.textContent = weekly === undefined ? '-' : `$${weekly}`;
  };
  el.addEventListener('input', update);
  // What was typed before this code arrived.
  update();
}
