/**
 * The tenant's third-party tags: Google Tag Manager (reads window.dataLayer) and the Meta pixel
 * (window.fbq). Both scripts load on the shopper's first interaction, never before: the pages keep
 * their zero-script first load and Lighthouse scores, and the events queued until then (dataLayer
 * entries, fbq calls on the stub) are read by the tags when they arrive. A tag that fails to load only
 * warns. The cost: a visitor who never touches, scrolls or types is not counted.
 */
export const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const PIXEL_ID = /^\d{6,20}$/;

export interface TagConfig {
  gtm_id?: string | undefined;
  pixel_id?: string | undefined;
}

/** What the page's loader needs: the ids and the script addresses, or null when the tenant has no tags. */
export function tagLoader(cfg: TagConfig): { gtm?: { id: string; src: string }; pixel?: { id: string; src: string } } | null {
  const out: { gtm?: { id: string; src: string }; pixel?: { id: string; src: string } } = {};
  if (cfg.gtm_id && GTM_ID.test(cfg.gtm_id)) out.gtm = { id: cfg.gtm_id, src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(cfg.gtm_id)}` };
  if (cfg.pixel_id && PIXEL_ID.test(cfg.pixel_id)) out.pixel = { id: cfg.pixel_id, src: 'https://connect.facebook.net/en_US/fbevents.js' };
  return out.gtm || out.pixel ? out : null;
}

/**
 * Events that count as the first interaction: only input a person makes. 'scroll' is not one of them:
 * pages scroll by themselves (anchors, restored positions, layout shifts).
 */
export const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
