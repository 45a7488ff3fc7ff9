import { autorotateTick, hotspotsAtFrame, spinFrameAfterDrag, SPIN_TICK_MS, stepSlide, stopAutorotate, type Autorotate } from '../../lib/rules/vdp-media.ts';

interface SpinHotspot {
  id: string;
  description: string;
  positions: { activeAngle: number; posX: number; posY: number }[];
}

const mounted = new WeakSet<HTMLElement>();

/** Loaded when a shopper first opens the 360 spin or the interior view. */
export function mount(pane: HTMLElement): void {
  if (mounted.has(pane)) return;
  mounted.add(pane);
  const spin = pane.querySelector<HTMLElement>('[data-spin]');
  if (spin) mountSpin(spin);
  const pano = pane.querySelector<HTMLElement>('[data-pano]');
  if (pano) panorama(pano);
}

function load(url: string): Promise<void> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => {
      console.error(`spin image failed to load: ${url}`);
      resolve();
    };
    img.src = url;
  });
}

/** Preload every frame (a placeholder shows meanwhile), then a draggable turntable that autorotates one turn. */
function mountSpin(el: HTMLElement): void {
  const [small = [], large = []] = JSON.parse(el.dataset['spin'] ?? '[[],[]]') as [string[], string[]];
  const frames = el.clientWidth * (window.devicePixelRatio || 1) > 700 && large.length === small.length ? large : small;
  const hotspots = JSON.parse(el.dataset['hotspots'] ?? '[]') as SpinHotspot[];
  const img = el.querySelector<HTMLImageElement>('img');
  const status = el.querySelector<HTMLElement>('[data-spin-status]');
  const layer = el.querySelector<HTMLElement>('[data-hotspots-layer]');
  if (!img || frames.length < 2) return;
  let rotate: Autorotate = { frame: 0, ticks: 0, running: true };
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (frame: number) => {
    rotate = { ...rotate, frame };
    img.src = frames[frame] ?? img.src;
    el.dataset['frame'] = String(frame);
    if (!layer) return;
    layer.replaceChildren(
      ...hotspotsAtFrame(hotspots, frame).map(({ hotspot, posX, posY }) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'vdp-hotspot';
        b.style.left = `${posX}%`;
        b.style.top = `${posY}%`;
        b.setAttribute('aria-label', hotspot.description);
        b.dataset['tip'] = hotspot.description;
        return b;
      }),
    );
  };
  const stop = () => {
    rotate = stopAutorotate(rotate);
    if (timer) clearInterval(timer);
  };

  void Promise.all(frames.map(load)).then(() => {
    if (status) status.hidden = true;
    el.classList.add('is-ready');
    show(0);
    timer = setInterval(() => {
      rotate = autorotateTick(rotate, frames.length);
      show(rotate.frame);
      if (!rotate.running) stop();
    }, SPIN_TICK_MS);
    let from = 0;
    dragAndKeys(el, {
      begin: (e) => {
        if ((e.target as Element).closest('.vdp-hotspot')) return false;
        stop();
        from = rotate.frame;
        return true;
      },
      move: (dx) => show(spinFrameAfterDrag(from, dx, frames.length)),
      key: (dir) => {
        stop();
        show(stepSlide(rotate.frame, dir, frames.length));
      },
    });
  });
}

/**
 * The interior panorama: it scrolls natively (touch, trackpad), a mouse drags it and the arrow keys
 * pan it. A 360 panorama (data-wrap: twice as wide as high) is followed by an inert copy of itself and
 * its scroll position is kept within the first copy, so panning never reaches an end.
 */
export function panorama(el: HTMLElement): void {
  const tile = el.querySelector<HTMLElement>('.vdp-pano-tile');
  if (tile && el.hasAttribute('data-wrap')) {
    const copy = tile.cloneNode(true) as HTMLElement;
    copy.setAttribute('aria-hidden', 'true');
    copy.inert = true;
    tile.after(copy);
    const wrap = () => {
      const w = tile.offsetWidth;
      if (w <= el.clientWidth) return;
      if (el.scrollLeft >= w) el.scrollLeft -= w;
      else if (el.scrollLeft <= 0) el.scrollLeft += w;
    };
    el.addEventListener('scroll', wrap, { passive: true });
    // Start looking ahead (the middle of the first copy), once the picture has its size.
    const centre = () => (el.scrollLeft = Math.max(1, (tile.offsetWidth - el.clientWidth) / 2));
    const img = tile.querySelector('img');
    if (img && !img.complete) img.addEventListener('load', centre, { once: true });
    else centre();
  }
  let from = 0;
  dragAndKeys(el, {
    // Touch and trackpads scroll natively; a hotspot keeps its own click.
    begin: (e) => {
      if (e.pointerType !== 'mouse' || (e.target as Element).closest('.vdp-hotspot')) return false;
      from = el.scrollLeft;
      return true;
    },
    move: (dx) => (el.scrollLeft = from - dx),
    key: (dir) => (el.scrollLeft += dir * el.clientWidth * 0.2),
  });
}

/** Pointer drag and the left/right arrow keys on an element: the one gesture wiring of the turntable and the panorama. */
function dragAndKeys(el: HTMLElement, o: { begin: (e: PointerEvent) => boolean; move: (dx: number) => void; key: (dir: -1 | 1) => void }): void {
  let x: number | undefined;
  el.addEventListener('pointerdown', (e) => {
    if (!o.begin(e)) return;
    x = e.clientX;
    el.setPointerCapture(e.pointerId);
  });
  el.addEventListener('pointermove', (e) => {
    if (x !== undefined) o.move(e.clientX - x);
  });
  const end = () => (x = undefined);
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    o.key(e.key === 'ArrowLeft' ? -1 : 1);
  });
}
