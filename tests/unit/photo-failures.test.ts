/** A photo outage in a handful of console lines (issue 30): one line per host, counts by reason; every URL stays in report.json. */
import { describe, expect, it } from 'vitest';
import { photoFailureLines, reasonKind } from '../../scripts/lib/photo-failures.ts';

describe('photoFailureLines', () => {
  it('summarises a 4,000-photo outage in a handful of lines', () => {
    const failures = Array.from({ length: 4000 }, (_, i) => {
      const url = `https://photos.example-dealer.com/${Math.floor(i / 10)}/${i % 10}.jpg`;
      return {
        source: url,
        reason:
          i === 0
            ? `DNS lookup failed for photos.example-dealer.com (ENOTFOUND) fetching ${url}`
            : `DNS lookup failed for photos.example-dealer.com (ENOTFOUND) (host photos.example-dealer.com unreachable earlier in this build, not retried) fetching ${url}`,
        cars: [`S${Math.floor(i / 10)}`],
      };
    });
    failures.push({ source: 'photos/a.jpg', reason: 'not an image (could not decode)', cars: ['L1'] });
    const lines = photoFailureLines(failures);
    expect(lines).toEqual([
      'photos unavailable from photos.example-dealer.com: 4,000 photos of 400 cars (DNS lookup failed for photos.example-dealer.com (ENOTFOUND): 4,000); placeholders shown',
      'photos unavailable from the tenant folder: 1 photo of 1 car (not an image (could not decode): 1); placeholders shown',
      'photos unavailable: 4,001 in all; every URL with its reason and cars is in report.json (images.failures)',
    ]);
  });

  it('prints nothing when every photo was made', () => {
    expect(photoFailureLines([])).toEqual([]);
  });

  it('keeps a reason without its URL', () => {
    expect(reasonKind('HTTP 404 fetching https://x.example/a.jpg')).toBe('HTTP 404');
  });
});
