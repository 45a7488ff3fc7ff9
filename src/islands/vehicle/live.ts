import { quoteEstimate } from '../../lib/finance/quote.ts';
import { formatCount } from '../../lib/rules/format.ts';
import type { Quote } from '../../lib/schemas/vdp-extras.ts';

/**
 * The view count, the spec's call: GET /api/cars/{slug}/view.json?photos_count&updated_at&website_id
 * counts this visitor (once per car) and answers the views; not ok keeps the built number.
 */
export function loadViews(root: Document): void {
  const el = root.querySelector<HTMLElement>('[data-views]');
  if (!el) return;
  const { slug = '', photos = '0', updated = '', website = '' } = el.dataset;
  const query = new URLSearchParams({ photos_count: photos, updated_at: updated, website_id: website });
  fetch(`/api/cars/${encodeURIComponent(slug)}/view.json?${query.toString()}`, { credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<{ views?: unknown }>) : null))
    .then((data) => {
      const views = data?.views;
      if (typeof views === 'number') el.textContent = formatCount(views, 'view', 'views');
    })
    .catch(() => {});
}

/** The finance quote for the sidebar estimate: '...' until it answers, '-' for what is missing. */
export function loadQuote(root: Document): void {
  const box = root.querySelector<HTMLElement>('[data-quote-fetch]');
  if (!box) return;
  const { price, year, vin, nvic } = box.dataset;
  const fill = (quote: Quote | undefined) => {
    const shown = quoteEstimate(quote, false);
    for (const key of Object.keys(shown) as (keyof typeof shown)[]) {
      const out = box.querySelector(`[data-quote="${key}"]`);
      if (out) out.textContent = shown[key];
    }
    box.setAttribute('aria-busy', 'false');
  };
  fetch('/api/youx/quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: Number(price),
      loanTerm: 5,
      year: year ? Number(year) : undefined,
      vin,
      nvic,
      whoIsHelping: '',
    }),
  })
    .then((res) => (res.ok ? (res.json() as Promise<Quote>) : undefined))
    .then(fill)
    // A failed quote is swallowed: the estimate shows '-'.
    .catch(() => fill(undefined));
}
