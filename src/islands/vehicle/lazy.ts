/**
 * Calculators, the price gauge and the similar cars load their code when they come near the screen, or at the first
 * input or submit inside them (a fast shopper's first keystrokes are then read on mount, and a
 * submit is replayed once the code is there).
 */
const LOADERS: Record<string, () => Promise<{ mount: (el: HTMLElement) => void }>> = {
  finance: () => import('./finance-calculator.ts'),
  fuel: () => import('./fuel-calculator.ts'),
  delivery: () => import('./delivery-calculator.ts'),
  gauge: () => import('./price-gauge.ts'),
  similar: () => import('./similar-cars.ts'),
};

const started = new WeakMap<HTMLElement, Promise<void>>();
const mounted = new WeakSet<HTMLElement>();

function start(el: HTMLElement): Promise<void> {
  let done = started.get(el);
  if (!done) {
    const load = LOADERS[el.dataset['island'] ?? ''];
    done = load
      ? load().then(
          (m) => {
            m.mount(el);
            mounted.add(el);
          },
          // Its code did not arrive (a dropped connection): the section stays as the server rendered it.
          (err: unknown) => console.error(`Failed to load the ${el.dataset['island'] ?? ''} section's code`, err),
        )
      : Promise.resolve();
    started.set(el, done);
  }
  return done;
}

export function initLazy(root: Document): void {
  const els = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  const islandOf = (e: Event) => (e.target as Element | null)?.closest<HTMLElement>('[data-island]');
  root.addEventListener(
    'input',
    (e) => {
      const el = islandOf(e);
      if (el) void start(el);
    },
    true,
  );
  root.addEventListener(
    'submit',
    (e) => {
      const el = islandOf(e);
      // Until its code is mounted a form must not submit natively (that would reload the page).
      if (!el || mounted.has(el)) return;
      e.preventDefault();
      const form = e.target as HTMLFormElement;
      void start(el).then(() => form.requestSubmit());
    },
    true,
  );
  if (!('IntersectionObserver' in window)) {
    for (const el of els) void start(el);
    return;
  }
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        void start(e.target as HTMLElement);
      }
    },
    { rootMargin: '400px 0px' },
  );
  for (const el of els) io.observe(el);
}
