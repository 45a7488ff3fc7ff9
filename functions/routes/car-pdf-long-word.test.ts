/**
 * Issue 27: one long word must not block the server. The car PDF's wrapping was cubic in word length
 * (a 2,500-character word took 14.5 s, and every other request of the process waited as long); it is
 * linear now. A real server process (startNodeServer) is asked for the sheet of a car whose stock
 * fields carry a 5,000-character word while a cheap route is asked at the same time.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, wrap } from '../lib/car-pdf.ts';
import { startNodeServer, type RunningServer } from '../node.ts';
import { makeDist } from '../test/dist.ts';
import { makeVehicle } from '../test/fixtures.ts';

const WORD = 'W'.repeat(5000);

describe('car PDF wrapping is linear in word length', () => {
  it('wraps a 5,000-character word in well under a second, every line within the width', async () => {
    const doc = await PDFDocument.create();
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const started = performance.now();
    const lines = wrap(`A ${WORD} b`, bold, 22, 515);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lines.join('').replace(/ /g, '')).toBe(`A${WORD}b`);
    for (const line of lines) expect(bold.widthOfTextAtSize(line, 22)).toBeLessThanOrEqual(515);
    // Each piece is the longest that fits: one more character would not.
    const full = lines[1]!;
    expect(bold.widthOfTextAtSize(`${full}W`, 22)).toBeGreaterThan(515);
  });

  it('cuts a text longer than the cap with an ellipsis', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = wrap('word '.repeat(MAX_TEXT_CHARS), font, 10, 515);
    expect(lines.join(' ').length).toBeLessThanOrEqual(MAX_TEXT_CHARS + 1);
    expect(lines.at(-1)!.endsWith('…')).toBe(true);
  });
});

describe('GET /api/cars/{slug}/pdf with a 5,000-character word, on a real server', () => {
  let server: RunningServer;
  let dist: string;
  let data: string;
  const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);

  beforeAll(async () => {
    dist = makeDist('gamma');
    const file = join(dist, '_build', 'gamma', 'model.json');
    const model = JSON.parse(readFileSync(file, 'utf8')) as { vehicles: unknown[] };
    model.vehicles.push(
      makeVehicle({ id: 'car-long', slug: 'car-long', make: 'Toyota', model: WORD, badge: WORD, series: WORD, colour: WORD, body_type: WORD } as never),
    );
    writeFileSync(file, JSON.stringify(model));
    data = mkdtempSync(join(tmpdir(), 'functions-data-'));
    server = await startNodeServer({ port: 0, dist, tenant: 'gamma', dataDir: data, env: {}, log: () => {}, outbox: { enabled: false } });
    // The first PDF loads pdf-lib and sharp: done here, so the test times the rendering, not the loading.
    expect((await get('/api/cars/car-1/pdf')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  });

  it('answers in under a second, and a cheap route asked meanwhile answers at once', async () => {
    const started = performance.now();
    const pdf = get('/api/cars/car-long/pdf').then(async (res) => ({ res, bytes: new Uint8Array(await res.arrayBuffer()), ms: performance.now() - started }));
    // The cheap route is asked while the PDF is being made (the request above is on its way first).
    await new Promise((r) => setTimeout(r, 20));
    const cheapStarted = performance.now();
    const cheap = await get('/api/geocode?postcode=2250');
    const cheapMs = performance.now() - cheapStarted;
    expect(cheap.status).toBe(200);
    const { res, bytes, ms } = await pdf;
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(1000);
    expect(cheapMs).toBeLessThan(1000);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
