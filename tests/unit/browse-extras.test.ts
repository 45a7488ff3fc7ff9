/** Issue 14's browse-side rules against the spec's numbers (browse-and-site.md). */
import { describe, expect, it } from 'vitest';
import { MAP_ZOOM, largerMapHref, mapBox, mapEmbedSrc } from '../../src/lib/rules/map-view.ts';

describe('maps zoom 10', () => {
  it('is the spec constant', () => expect(MAP_ZOOM).toBe(10));

  it('covers what a zoom-10 map shows: 360/2^10 degrees of longitude per 256 px', () => {
    const b = mapBox(-33.806, 151.003, 10, 640, 360);
    expect(b.east - b.west).toBeCloseTo((640 / 256) * (360 / 1024), 6);
    // Latitude shrinks with cos(lat) in Mercator: 360 px tall is about 0.494 * cos(33.8 deg) degrees.
    expect(b.north - b.south).toBeCloseTo((360 / 256) * (360 / 1024) * Math.cos((33.806 * Math.PI) / 180), 2);
    expect((b.north + b.south) / 2).toBeCloseTo(-33.806, 2);
  });

  it('one zoom level more halves the box', () => {
    const z10 = mapBox(-27.6, 153.1, 10);
    const z11 = mapBox(-27.6, 153.1, 11);
    expect((z10.east - z10.west) / (z11.east - z11.west)).toBeCloseTo(2, 6);
  });

  it('builds the embed and the larger-map link at zoom 10', () => {
    expect(mapEmbedSrc(-33.806, 151.003)).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=150\.56355,-34\.01115,151\.44245,-33\.60036&layer=mapnik&marker=-33\.80600,151\.00300$/);
    expect(largerMapHref(-33.806, 151.003)).toBe('https://www.openstreetmap.org/?mlat=-33.80600&mlon=151.00300#map=10/-33.80600/151.00300');
  });
});
