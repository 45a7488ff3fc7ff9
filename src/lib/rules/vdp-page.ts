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

const CAR_TYPE_CRUMBS: Record<string, Crumb> = {
  new: { label: 'New Cars', href: '/search/new-cars' },
  used: { label: 'Used Cars', href: '/search/used-cars' },
  demo: { label: 'Demo Cars', href: '/search/demo-cars' },
};

/**
 * Breadcrumbs: Home > car type > make > model (only if a known model) > body > the car. Paths are the
 * search's pretty paths (/search/{make}, /search/{make}/{model}, /search/{body}).
 */
export function vehicleBreadcrumbs(
  car: { car_type: string; make: string; model?: string | undefined; simple_body?: string | undefined },
  title: string,
  opts: { slugify: (s: string) => string; bodyLabel: (b: string | undefined) => string | undefined },
): Crumb[] {
  const make = opts.slugify(car.make);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  const type = CAR_TYPE_CRUMBS[car.car_type];
  if (type) crumbs.push(type);
  crumbs.push({ label: car.make, href: `/search/${make}` });
  if (car.model) crumbs.push({ label: car.model, href: `/search/${make}/${opts.slugify(car.model)}` });
  const body = opts.bodyLabel(car.simple_body);
  if (body && car.simple_body) crumbs.push({ label: body, href: `/search/${opts.slugify(car.simple_body)}` });
  crumbs.push({ label: title });
  return crumbs;
}
