/**
 * Records the car on this vehicle page as viewed (vehicle spec section 3: a local record of id,
 * stocknum, make, model, body, simple_body), newest first. The page carries the record in data-viewed.
 */
import { recordView, type ViewedCar } from '../../stores/cars.ts';

export function recordThisView(): void {
  const raw = document.querySelector<HTMLElement>('[data-viewed]')?.dataset['viewed'];
  if (!raw) return;
  try {
    const car = JSON.parse(raw) as ViewedCar;
    if (typeof car.id === 'string' && car.id) recordView(car);
  } catch {
    // A malformed record is not worth breaking the page for: the view is simply not remembered.
  }
}

recordThisView();
