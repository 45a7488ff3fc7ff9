/**
 * The nightly run page (scripts/lib/summary.ts summaryHtml), as ops read it on a phone and a desktop:
 * a night with a platform failure, a dealer held for days with long reasons, a repaired one and 30
 * nights of trends. Nothing wider than the screen, every row saying what happened, axe-core clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { emptyReport } from '../../scripts/lib/report.ts';
import { rowFromReport, summarise, summaryHtml, type TenantRow, type TrendPoint } from '../../scripts/lib/summary.ts';

const trend = (status: (i: number) => TrendPoint['status']): TrendPoint[] =>
  Array.from({ length: 30 }, (_, i) => ({
    day: `2026-10-${String(i + 1).padStart(2, '0')}`,
    status: status(i),
    listed: 80 + (i % 7),
    rejected: i % 5,
    build_ms: 30_000 + i * 900,
  }));

const base = (tenant: string): TenantRow => ({ ...rowFromReport(emptyReport(tenant), 'built', '1/4'), listed: 87, pages: 412 });

function night(): string {
  const rows: TenantRow[] = [
    {
      ...base('southern-motor-group-of-dealerships-nsw'),
      status: 'held',
      fault: 'dealer',
      message: 'the new build lists 34 cars where the published site lists 87 (under 50%)',
      hint: 'A truncated or partial export looks like this. If this is right (a genuine clear-out), publish it with --accept southern-motor-group-of-dealerships-nsw.',
      live_since: '2026-10-27T15:41:02.000Z',
      refused: { listed: 34, read: 40, rejected: 6 },
      held_since: '2026-10-28',
      nights_held: 3,
      rejected: 6,
      top_reasons: ['6 records: price: expected a price as a number (received "POA - call https://very-long-dealer-domain.example.com.au/cars/for-sale/now")'],
      trend: trend((i) => (i >= 27 ? 'held' : 'built')),
    },
    {
      ...base('crashed-dealer'),
      status: 'failed',
      fault: 'platform',
      message: 'the build process exited with SIGKILL without a report',
      listed: 120,
      live_since: '2026-10-29T15:35:00.000Z',
    },
    {
      ...base('repaired-motors'),
      repaired: { since: '2026-10-27', nights: 2 },
      publish: {
        status: 'published',
        release: '0123456789abcdef',
        uploaded: 412,
        uploaded_bytes: 9_800_000,
        copied: 5_700,
        deleted: 3,
        resumed: false,
        seconds: 4.1,
      },
      trend: trend((i) => (i === 27 || i === 28 ? 'held' : 'built')),
    },
    {
      ...base('quiet-dealer'),
      status: 'unchanged',
      publish: { status: 'live', release: 'fedcba9876543210', uploaded: 0, uploaded_bytes: 0, copied: 0, deleted: 0, resumed: false, seconds: 0.1 },
      trend: trend(() => 'unchanged'),
    },
  ];
  return summaryHtml(
    summarise(rows, {
      build_day: '2026-10-30',
      duration_ms: 3_600_000,
      shards: ['1/4', '2/4', '3/4', '4/4'],
      problems: ["shards/shard-3/: no summary at shards/shard-3/summary.json: that shard's build step stopped before writing its summary (see its log)"],
      notes: [
        'retired-dealer has a site in the bucket but no folder in tenants/: it is no longer built. If it is retired, remove its site (Actions > sites > remove retired-dealer).',
      ],
    }),
  );
}

test('the run page fits the screen, says what happened to each dealer, and passes axe-core', async ({ page }) => {
  await page.setContent(night());
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // Every element inside the screen, not only the document (a wide table in an overflow box would hide it).
  const wide = await page.evaluate(
    (w) => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1).map((e) => e.outerHTML.slice(0, 80)),
    width,
  );
  expect(wide).toEqual([]);
  await expect(page.locator('.problems')).toContainText("shard-3/summary.json: that shard's build step stopped");
  const held = page.locator('tr', { hasText: 'southern-motor-group-of-dealerships-nsw' });
  await expect(held).toContainText('Held since 2026-10-28 (3 nights).');
  await expect(held).toContainText('Shoppers see the live site: 87 cars, published 2026-10-27.');
  await expect(held).toContainText('What to do: A truncated or partial export');
  await expect(held.locator('svg.trend')).toHaveAttribute('aria-label', /30 nights from 2026-10-01 to 2026-10-30: .* 3 nights held or failed/);
  await expect(page.locator('tr', { hasText: 'crashed-dealer' })).toContainText('failed (platform)');
  await expect(page.locator('tr', { hasText: 'repaired-motors' })).toContainText('Repaired: live again after 2 nights held or failed (since 2026-10-27).');
  await expect(page.locator('tr', { hasText: 'repaired-motors' })).toContainText('412 files');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});
