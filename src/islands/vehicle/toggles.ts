/**
 * Show more / show less: a button with aria-controls="a b" flips the hidden state of each element it
 * names (a short and a full version, or a list's extra items) and its label between data-labels
 * "closed|open" (e.g. "Show More|Show Less").
 */
export function initToggles(root: Document): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-labels]');
    if (!button) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    const [closed = '', opened = ''] = (button.dataset['labels'] ?? '').split('|');
    button.textContent = open ? opened : closed;
    for (const id of (button.getAttribute('aria-controls') ?? '').split(/\s+/)) {
      const el = id ? document.getElementById(id) : null;
      if (el) el.hidden = !el.hidden;
    }
  });
}
