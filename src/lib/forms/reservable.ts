/** Static paths of the reserve pages: the cars whose page shows a Reserve button pointing at this path. */
import { listedVehicles, type SiteModel } from '../site/site-model.ts';
import { vehiclePage } from '../vdp/page-model.ts';
import type { VdpVehicle } from '../vdp/vehicle.ts';

export function reservablePaths(model: SiteModel, kind: 'checkout' | 'buy-online') {
  const out: { params: { slug: string }; props: { id: string; name: string; label: string; deposit: number } }[] = [];
  for (const car of listedVehicles(model)) {
    const page = vehiclePage(car as VdpVehicle, model);
    const reserve = page.actions.reserve;
    if (!reserve?.href.endsWith(`/${kind}`)) continue;
    out.push({ params: { slug: car.slug }, props: { id: car.id, name: page.fullName, label: reserve.label, deposit: reserve.deposit } });
  }
  return out;
}
