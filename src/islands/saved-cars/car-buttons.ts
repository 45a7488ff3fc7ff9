/**
 * Vanilla wiring for Save (watchlist), Favourite and Compare buttons on server-rendered pages (the
 * vehicle page must not load React before interaction). Buttons carry data-car (a SavedCar JSON).
 */
import { $compare, $favourites, toggleCompare, toggleFavourite, type SavedCar } from '../../stores/cars.ts';
import { $watchlist, toggleWatch } from '../../stores/watchlist.ts';
import { track, EVENT_IDS } from '../../lib/analytics/index.ts';
import { mountToasts } from '../toasts/toast-dom.ts';

function carOf(el: HTMLElement): SavedCar | undefined {
  try {
    return JSON.parse(el.dataset['car'] ?? '') as SavedCar;
  } catch {
    return undefined;
  }
}

function sync(selector: string, ids: readonly string[], on: string, off: string) {
  for (const b of document.querySelectorAll<HTMLElement>(selector)) {
    const car = carOf(b);
    if (!car) continue;
    const pressed = ids.includes(car.id);
    b.hidden = false;
    b.setAttribute('aria-pressed', String(pressed));
    b.textContent = pressed ? on : off;
  }
}

export function initCarButtons(): void {
  if (!document.querySelector('[data-car]')) return;
  mountToasts();
  $favourites.subscribe((l) =>
    sync(
      '[data-favourite]',
      l.map((c) => c.id),
      'Favourited',
      'Favourite',
    ),
  );
  $compare.subscribe((l) =>
    sync(
      '[data-compare]',
      l.map((c) => c.id),
      'In Compare',
      'Compare',
    ),
  );
  $watchlist.subscribe((ids) => sync('[data-save-car]', ids, 'Saved', 'Save'));
  document.addEventListener('click', (e) => {
    const b = (e.target as Element | null)?.closest<HTMLElement>('[data-car]');
    const car = b && carOf(b);
    if (!b || !car) return;
    if (b.hasAttribute('data-favourite')) {
      if (toggleFavourite(car)) track(EVENT_IDS.saveCar, { car_id: car.id, list: 'favourites' });
    } else if (b.hasAttribute('data-compare')) toggleCompare(car);
    else if (b.hasAttribute('data-save-car')) void toggleWatch(car);
  });
}

initCarButtons();
