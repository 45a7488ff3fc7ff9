/** Spec section 9: sticky header after 500 px, sticky bar after 900 px; copy confirmation 1.5 s; share window 550x400. */
export const STICKY_HEADER_AFTER_PX = 500;
export const STICKY_BAR_AFTER_PX = 900;
export const COPY_CONFIRM_MS = 1500;
export const SHARE_WINDOW = { width: 550, height: 400 } as const;
export const SIMILAR_SHOWN = 6;

export function isStickyHeaderShown(scrollY: number): boolean {
  return scrollY > STICKY_HEADER_AFTER_PX;
}

export function isStickyBarShown(scrollY: number): boolean {
  return scrollY > STICKY_BAR_AFTER_PX;
}

/** The share URL: the site URL (a trailing slash trimmed) plus /cars/{slug}. */
export function shareUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/** Window features for a share pop-up: 550x400, centred on the screen when its size is known. */
export function shareWindowFeatures(screen?: { width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW;
  const left = screen ? Math.max(0, Math.round((screen.width - width) / 2)) : 0;
  const top = screen ? Math.max(0, Math.round((screen.height - height) / 2)) : 0;
  return `width=${width},height=${height},left=${left},top=${top},noopener`;
}

/** Share targets for a car page (the copy-link button is separate). */
export function shareLinks(url: string, title: string): { name: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

export interface Crumb {
  label: string;
  href?: string | undefined;
}

/** A search narrowed to these facet values (car_type, make, make_model, body). */
export type CrumbRefinements = Partial<Record<'car_type' | 'make' | 'make_model' | 'body', string[]>>;

const CAR_TYPE_LABELS: Record<string, string> = { new: 'New Cars', used: 'Used Cars', demo: 'Demo Cars' };

/**
 * Breadcrumbs: Home > car type > make > model (only if a known model) > body > the car. Each crumb is
 * the search narrowed that far; `href` builds its URL (the search's pretty paths).
 */
export function vehicleBreadcrumbs(
  car: { car_type: string; make: string; model?: string | undefined; simple_body?: string | undefined },
  title: string,
  opts: {
    href: (r: CrumbRefinements) => string;
    makeModel: (make: string, model: string) => string;
    isKnownModel: (makeModel: string) => boolean;
    bodyLabel: (b: string | undefined) => string | undefined;
  },
): Crumb[] {
  const step: CrumbRefinements = {};
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  const add = (label: string) => crumbs.push({ label, href: opts.href({ ...step }) });
  step.car_type = [car.car_type];
  add(CAR_TYPE_LABELS[car.car_type] ?? car.car_type);
  step.make = [car.make];
  add(car.make);
  const mm = car.model ? opts.makeModel(car.make, car.model) : undefined;
  if (car.model && mm && opts.isKnownModel(mm)) {
    step.make_model = [mm];
    add(car.model);
  }
  const body = opts.bodyLabel(car.simple_body);
  if (body && car.simple_body) {
    step.body = [car.simple_body];
    add(body);
  }
  crumbs.push({ label: title });
  return crumbs;
}
