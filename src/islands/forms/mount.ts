/**
 * Server-rendered lead forms that hydrate when they come into view, without Astro's island runtime:
 * an <astro-island> brings its ~4.4 KB loader (1.5 KB brotli) and each island's props, encoded
 * field by field, inline in every page; the vehicle page's three forms would carry that on every car
 * of a shopper's visit. Here the page carries the forms' markup (server-rendered LeadForm), one small
 * JSON of their props and a link to this cached module; React and LeadForm load when a form comes
 * into view (a form in a closed <details> when it is opened), as client:visible did.
 *
 * Markup (src/components/forms/VdpForms.astro):
 *   <script type="application/json" id="ID">{"common": {...}, "forms": {"<form id>": {...}}}</script>
 *   <div data-lead-form="<form id>" data-props="ID">(LeadForm rendered with common + forms[<form id>])</div>
 */
import type { LeadFormProps } from './LeadForm.tsx';

export interface LeadFormsData {
  /** Props every form of the group shares (the car, the hidden prefill, the dealer's name...). */
  common: Partial<LeadFormProps>;
  /** Each form's own props, by the form's id. */
  forms: Record<string, Partial<LeadFormProps>>;
}

/** A form's props: the group's common ones, then its own. */
export function leadFormProps(data: LeadFormsData, id: string): LeadFormProps | undefined {
  const own = data.forms[id];
  return own ? ({ ...data.common, ...own, id } as LeadFormProps) : undefined;
}

function readData(id: string): LeadFormsData | undefined {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? '') as LeadFormsData;
  } catch {
    return undefined;
  }
}

async function hydrate(el: HTMLElement, props: LeadFormProps): Promise<void> {
  const [{ hydrateRoot }, { createElement }, { default: LeadForm }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
    import('./LeadForm.tsx'),
  ]);
  hydrateRoot(el, createElement(LeadForm, props));
}

/** Hydrates each [data-lead-form] of the page the first time it intersects the viewport. */
export function mountLeadForms(root: ParentNode = document): void {
  const els = [...root.querySelectorAll<HTMLElement>('[data-lead-form]')];
  if (els.length === 0) return;
  const start = (el: HTMLElement) => {
    const data = readData(el.dataset['props'] ?? '');
    const props = data && leadFormProps(data, el.dataset['leadForm'] ?? '');
    if (props) void hydrate(el, props).catch((err: unknown) => console.error('lead form not started', err));
  };
  if (!('IntersectionObserver' in window)) return els.forEach(start);
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      io.unobserve(e.target);
      start(e.target as HTMLElement);
    }
  });
  for (const el of els) io.observe(el);
}
