/** ingest: the tenant's stock export read, mapped and validated, and what it could not read said once. */
import { relative } from 'node:path';
import type { IngestResult } from '../../../../src/lib/ingest/ingest.ts';
import { groupRejections } from '../../../../src/lib/ingest/rejections.ts';
import type { Tenant } from '../../../../src/lib/tenant/load-tenant.ts';
import { ingestStock } from '../../../../src/io/stock-file.ts';
import type { BuildContext } from '../context.ts';
import type { Stage } from '../pipeline.ts';
import { holdOnDealerError } from './load-config.ts';

export interface Ingested {
  stock: IngestResult;
  /** The listed cars: the ones the site shows and the guard counts. */
  listed: number;
}

export const ingest: Stage<BuildContext, { tenant: Tenant }, Ingested> = {
  name: 'ingest',
  timing: 'ingest',
  run(ctx, { tenant }) {
    const { report } = ctx;
    let stock: IngestResult;
    try {
      const now = process.env['BUILD_NOW'] ? Math.floor(Date.parse(process.env['BUILD_NOW']) / 1000) : Math.floor(Date.now() / 1000);
      stock = ingestStock(tenant, now);
      report.built_for = new Date(now * 1000).toISOString();
    } catch (err) {
      return holdOnDealerError(ctx, err);
    }
    report.stock_file = relative(tenant.dir, stock.file);
    report.stock_format = stock.format;
    report.stock_encoding = stock.encoding;
    const listed = stock.vehicles.filter((v) => v.listed).length;
    report.records = {
      read: stock.read,
      valid: stock.vehicles.length,
      rejected: stock.rejected.length,
      listed,
      unlisted: stock.vehicles.length - listed,
    };
    report.rejected = stock.rejected;
    report.rejected_groups = groupRejections(stock.rejected);
    // One line per kind of problem, not per row: 1,200 identical rejections are one thing to fix.
    for (const g of report.rejected_groups) console.log(`rejected ${g.summary}`);
    console.log(
      `stock ${stock.read} read (${stock.format === 'json' ? 'json' : `${stock.format}, ${stock.encoding}`}), ${stock.vehicles.length} valid, ${stock.rejected.length} rejected, ${listed} listed`,
    );
    report.conversions = stock.conversions;
    report.unknown_values = stock.unknown_values;
    // Said once per tenant, never per car: the site shows km, so miles were converted.
    if (stock.conversions.km_from_miles > 0)
      console.log(
        `km: ${stock.conversions.km_from_miles} record${stock.conversions.km_from_miles === 1 ? '' : 's'}' mileage read in miles (${stock.conversions.km_from_miles_by}) and converted to km (1 mi = 1.609344 km); the site never shows miles`,
      );
    const c = stock.conversions;
    if (c.badge_from_title > 0)
      console.log(
        `badge: ${c.badge_from_title} car${c.badge_from_title === 1 ? '' : 's'} without a trim or badge: the variant shown is read from the feed's title`,
      );
    if (c.body_from_words > 0)
      console.log(
        `body: ${c.body_from_words} heavy vehicle${c.body_from_words === 1 ? '' : 's'} (prime movers, cab chassis, buses) given the spec's truck or bus type from their title`,
      );
    // Whatever the ingest could not read, it says: columns that look like fields but are read by
    // nothing, photos past the cap, values no lookup knew (counted in report.json).
    for (const w of stock.warnings) {
      report.warnings.push(w);
      console.log(`warning: ${w}`);
    }
    for (const [field, values] of Object.entries(stock.unknown_values)) {
      const list = Object.entries(values).sort((a, b) => b[1] - a[1]);
      const shown = list.slice(0, 5).map(([value, n]) => `"${value}" ${n}`);
      console.log(
        `${field}: ${list.length} value${list.length === 1 ? '' : 's'} no lookup knows, shown as exported: ${shown.join(', ')}${list.length > 5 ? ` and ${list.length - 5} more (report.json unknown_values)` : ''}`,
      );
    }
    return { stock, listed };
  },
};
