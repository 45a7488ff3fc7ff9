/**
 * Collapsible section headers (vehicle spec: a 300 ms animation; the state may persist by header).
 * The header's button folds its section; which sections a shopper folded is kept in this browser
 * (COLLAPSED_KEY) and applied before the first paint by the page's inline snippet, so a returning
 * shopper's page does not jump.
 */
export const COLLAPSED_KEY = 'dealer:vdp-collapsed';
export const COLLAPSE_MS = 300;

function folded(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function remember(part: string, open: boolean): void {
  const next = new Set(folded());
  if (open) next.delete(part);
  else next.add(part);
  try {
    localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...next]));
  } catch {
    // Storage blocked: the section still folds for this page.
  }
}

/** Folds or unfolds a section; its body leaves the tab order once folded. */
export function setOpen(section: HTMLElement, open: boolean): void {
  const button = section.querySelector<HTMLButtonElement>('.vdp-collapse-toggle');
  const body = section.querySelector<HTMLElement>('.vdp-collapse');
  if (!button || !body) return;
  button.setAttribute('aria-expanded', String(open));
  section.classList.add('is-folding');
  section.toggleAttribute('data-collapsed', !open);
  body.toggleAttribute('inert', !open);
  window.setTimeout(() => section.classList.remove('is-folding'), COLLAPSE_MS);
}

/**
 * A link to something folded away opens it: a folded section around the target (#finance-calculator,
 * #vehicle-map...), or the target's own closed <details> (Book a Test Drive -> #test-drive).
 */
function reveal(root: Document, hash: string): void {
  const target = hash.length > 1 ? root.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target instanceof HTMLDetailsElement) target.open = true;
  const section = target?.closest<HTMLElement>('[data-collapsible][data-collapsed]');
  if (!section) return;
  setOpen(section, true);
  remember(section.dataset['collapsible'] ?? '', true);
}

export function initCollapse(root: Document): void {
  // The inline snippet folded the remembered sections; bring their buttons and bodies in line.
  for (const section of root.querySelectorAll<HTMLElement>('[data-collapsible][data-collapsed]')) {
    section.querySelector('.vdp-collapse-toggle')?.setAttribute('aria-expanded', 'false');
    section.querySelector('.vdp-collapse')?.setAttribute('inert', '');
  }
  reveal(root, location.hash);
  window.addEventListener('hashchange', () => reveal(root, location.hash));
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="#"]');
    if (link) reveal(root, link.getAttribute('href') ?? '');
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('.vdp-collapse-toggle');
    const section = button?.closest<HTMLElement>('[data-collapsible]');
    if (!button || !section) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    setOpen(section, open);
    remember(section.dataset['collapsible'] ?? '', open);
  });
}
