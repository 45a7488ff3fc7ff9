import { describe, expect, it } from 'vitest';
import {
  autorotateTick,
  availableViews,
  galleryIndexAfterViewChange,
  gallerySlides,
  hotspotsAtFrame,
  initialView,
  showThumbnailStrip,
  spinFrameAfterDrag,
  stepSlide,
  stopAutorotate,
} from '../../src/lib/rules/vdp-media.ts';

describe('media rules', () => {
  it('thumbnail strip only for in-stock cars with more than 3 images', () => {
    expect(showThumbnailStrip({ status: 'in_stock' }, 3)).toBe(false);
    expect(showThumbnailStrip({ status: 'in_stock' }, 4)).toBe(true);
    expect(showThumbnailStrip({ status: 'coming_soon' }, 12)).toBe(false);
    expect(showThumbnailStrip({ status: 'in_stock', sold: true }, 12)).toBe(false);
  });
  it('places the video slide at start, second (default), middle or end', () => {
    const order = (p?: 'start' | 'second' | 'middle' | 'end') =>
      gallerySlides(4, true, p)
        .map((s) => (s.kind === 'video' ? 'V' : s.photo))
        .join('');
    expect(order('start')).toBe('V0123');
    expect(order()).toBe('0V123');
    expect(order('middle')).toBe('01V23');
    expect(order('end')).toBe('0123V');
    expect(gallerySlides(0, true).map((s) => s.kind)).toEqual(['video']);
    expect(gallerySlides(2, false)).toHaveLength(2);
  });
  it('views: spinner needs 2 frames; default spinner unless configured gallery', () => {
    expect(availableViews({ spinFrames: 24, walkaround: 1, interior: true })).toEqual(['spinner', 'walkaround', 'gallery', 'interior']);
    expect(availableViews({ spinFrames: 1, walkaround: 0, interior: false })).toEqual(['gallery']);
    expect(initialView('spinner', ['spinner', 'gallery'])).toBe('spinner');
    expect(initialView('gallery', ['spinner', 'gallery'])).toBe('gallery');
    expect(initialView('spinner', ['gallery'])).toBe('gallery');
  });
  it('leaving gallery resets its index', () => {
    expect(galleryIndexAfterViewChange('gallery', 'spinner', 5)).toBe(0);
    expect(galleryIndexAfterViewChange('spinner', 'gallery', 5)).toBe(5);
    expect(galleryIndexAfterViewChange('gallery', 'gallery', 5)).toBe(5);
  });
  it('arrow keys wrap around', () => {
    expect(stepSlide(0, -1, 5)).toBe(4);
    expect(stepSlide(4, 1, 5)).toBe(0);
  });
  it('drag turns one frame per 20 px, wrapping', () => {
    expect(spinFrameAfterDrag(0, 19, 24)).toBe(0);
    expect(spinFrameAfterDrag(0, 20, 24)).toBe(1);
    expect(spinFrameAfterDrag(0, -20, 24)).toBe(23);
    expect(spinFrameAfterDrag(10, 480, 24)).toBe(10);
  });
  it('autorotate stops after one full turn or on interaction', () => {
    let s = { frame: 0, ticks: 0, running: true };
    let n = 0;
    while (s.running) {
      s = autorotateTick(s, 24);
      n++;
    }
    expect([n, s.frame]).toEqual([24, 0]);
    expect(stopAutorotate({ frame: 3, ticks: 3, running: true })).toEqual({ frame: 3, ticks: 3, running: false });
    expect(autorotateTick({ frame: 0, ticks: 0, running: true }, 1).running).toBe(false);
  });
  it('hotspots show on the frames their positions name', () => {
    const hs = [
      { id: 'a', positions: [{ activeAngle: 0, posX: 10, posY: 20 }] },
      { id: 'b', positions: [{ activeAngle: 12, posX: 70, posY: 40 }] },
    ];
    expect(hotspotsAtFrame(hs, 0).map((h) => [h.hotspot.id, h.posX])).toEqual([['a', 10]]);
    expect(hotspotsAtFrame(hs, 5)).toEqual([]);
  });
});
