import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestStock } from '../../src/io/stock-file.ts';
import { LIST_ITEMS_MAX, LONG_TEXT_MAX, TEXT_MAX, capRecordText } from '../../src/lib/ingest/text-caps.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;

describe('text caps at ingest (issue 27)', () => {
  it('cuts over-long text at a space near the limit, leaves addresses whole and shortens long lists', () => {
    const words = Array.from({ length: 6000 }, (_, i) => `word${i}`).join(' ');
    const { record, cut } = capRecordText({
      dealercomments: words,
      colour: 'x'.repeat(5000),
      images: Array.from({ length: 600 }, (_, i) => `https://cdn.example.com/${i}.jpg`),
      file: `https://history.example.com/${'a'.repeat(3000)}`,
      make: 'Toyota',
      price: 45990,
    });
    const comments = record['dealercomments'] as string;
    expect(comments.length).toBeLessThanOrEqual(LONG_TEXT_MAX + 1);
    expect(comments.length).toBeGreaterThan(LONG_TEXT_MAX * 0.9);
    expect(comments).toMatch(/word\d+…$/);
    expect(record['colour']).toBe(`${'x'.repeat(TEXT_MAX)}…`);
    expect(record['images']).toHaveLength(LIST_ITEMS_MAX);
    expect(record['file']).toBe(`https://history.example.com/${'a'.repeat(3000)}`);
    expect(record['make']).toBe('Toyota');
    expect(record['price']).toBe(45990);
    expect(cut.sort()).toEqual(['colour', 'dealercomments', 'images']);
  });

  it('a build keeps the car, with its text cut, and says so once per field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caps-'));
    const long = `${'Great car. '.repeat(3000)}`;
    const rows = [1, 2].map((id) => ({
      id,
      make: 'Toyota',
      model: 'HiLux',
      car_type: 'used',
      year: 2021,
      price: 45990,
      stocknum: `S${id}`,
      dealercomments: long,
    }));
    writeFileSync(join(dir, 'stock.json'), JSON.stringify(rows));
    const tenant = resolveTenant(parseTenantConfig({ slug: 't', name: 'T', url: 'https://t.com.au', locations: [{ name: 'A' }] }, 't', 'tenant.json'), dir);
    const result = ingestStock(tenant, NOW);
    expect(result.vehicles).toHaveLength(2);
    expect(result.rejected).toEqual([]);
    for (const car of result.vehicles) expect(String(car.dealercomments).length).toBeLessThanOrEqual(LONG_TEXT_MAX + 1);
    expect(result.warnings.filter((w) => w.startsWith('dealercomments:'))).toEqual([
      `dealercomments: 2 records with text past ${LONG_TEXT_MAX} characters (or a list past ${LIST_ITEMS_MAX} entries): cut there, the rest not shown`,
    ]);
  });
});
