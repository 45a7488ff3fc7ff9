/** Static paths of the reserve pages: the cars whose page shows a Reserve button pointing at this path. */
import { listedVehicles, viewOf, type SiteModel } from '../site/site-model.ts';

/** Reads each car's view (the vehicle page's Reserve button is the view's `actions.reserve`), not the whole page model. */
export function reservablePaths(model: SiteModel, kind: 'checkout' | 'buy-online') {
  const out: { params: { slug: string }; props: { id: string; name: string; label: string; deposit: number } }[] = [];
  for (const car of listedVehicles(model)) {
    const view = viewOf(model, car);
    const reserve = view.actions.reserve;
    if (!reserve?.href.endsWith(`/${kind}`)) continue;
    out.push({ params: { slug: car.slug }, props: { id: car.id, name: view.fullName, label: reserve.label, deposit: reserve.deposit } });
  }
  return out;
}
