/**
 * npm run stock:inspect -- <export> [--preset <name>] [--tenant <slug|dir>] [--mapping]
 *
 * Reads a dealer's export the way the build does (src/lib/ingest: the same decoding, rows, preset,
 * mapping, units, currency and validation) and says, before any build, what the site would make of
 * it: format and encoding, the preset (detected from the columns with the evidence, or given), every
 * column and what it fills or "not read" with the field it looks like, units and currency, values no
 * lookup knows, rejected rows and why, five cars as the site would show them, and a verdict. The
 * exit status is the verdict: 0 usable, 3 not usable (what the build would hold), 2 a usage error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DealerError } from '../src/lib/errors/errors-data.ts';
import { columnUses, detectPreset } from '../src/lib/ingest/columns.ts';
import { ingestRows, stockRows, type IngestResult } from '../src/lib/ingest/ingest.ts';
import { groupRejections } from '../src/lib/ingest/rejections.ts';
import { presetMapping } from '../src/lib/ingest/presets.ts';
import { currencyHint, rejectedCurrencies } from '../src/lib/ingest/units.ts';
import { vehicleView } from '../src/lib/model/vehicle-view.ts';
import { STOCK_PRESETS, type StockPresetName } from '../src/lib/schemas/stock-source.ts';
import { parseTenantConfig, resolveTenant, type Tenant } from '../src/lib/tenant/load-tenant.ts';
import { loadTenantWithWarnings } from '../src/io/tenant-folder.ts';
import { isMain, parseCliWithPositionals, UsageError } from './lib/cli.ts';
import { publishDecision } from './lib/publish-guard.ts';

const USAGE = `
Usage: npm run stock:inspect -- <export> [--preset <name>] [--tenant <slug|dir>] [--mapping]

Reads <export> (JSON, CSV, TSV or XML, any encoding) the way the build does and prints what the site
would make of it. Nothing is built or written.

  --preset <name>    read it with this preset (${STOCK_PRESETS.join(', ')}); default: the tenant's, else
                     the one whose columns fit best
  --tenant <slug>    read it with that tenant's stock settings and locations (tenants/<slug>, or a folder)
  --mapping          also print the suggested "stock" block for tenant.json

Exit status: 0 the export is usable, 3 it is not (the build would hold it), 2 a usage error.
`;

export interface InspectOptions {
  file: string;
  preset?: string | undefined;
  tenant?: string | undefined;
  mapping?: boolean | undefined;
  /** The day the listing rules use (unix seconds); default now. */
  now?: number | undefined;
  tenantsDir?: string | undefined;
}

export interface Inspection {
  lines: string[];
  usable: boolean;
  preset: StockPresetName | undefined;
  detected: boolean;
  result: IngestResult;
  /** The suggested stock block (--mapping). */
  suggestion: Record<string, unknown>;
}

function baseTenant(opts: InspectOptions): Tenant {
  if (opts.tenant) {
    const dir = existsSync(opts.tenant) ? resolve(opts.tenant) : join(opts.tenantsDir ?? 'tenants', opts.tenant);
    return loadTenantWithWarnings(dir).tenant;
  }
  const config = parseTenantConfig(
    { slug: 'inspect', name: 'Stock inspection', url: 'https://inspect.example.com.au', locations: [{ name: 'Main yard' }] },
    'inspect',
    'tenant.json',
  );
  return resolveTenant(config, process.cwd());
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-AU')} ${word}${n === 1 ? '' : 's'}`;

/** The inspection of one export, as lines and a verdict (the CLI prints them). */
export function inspect(opts: InspectOptions): Inspection {
  const file = resolve(opts.file);
  if (opts.preset !== undefined && !(STOCK_PRESETS as readonly string[]).includes(opts.preset))
    throw new UsageError(`--preset expects one of ${STOCK_PRESETS.join(', ')}, got "${opts.preset}"`);
  const base = baseTenant(opts);
  const bytes = readFileSync(file);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const lines: string[] = [];
  const out = (s = '') => lines.push(s);

  // The rows do not depend on the preset: read once to see the columns, then map with the preset.
  const plain: Tenant = { ...base, stock: { ...base.stock, file, preset: undefined, mapping: {} } };
  const read = stockRows(plain, file, bytes, opts.file);
  const columns = [...new Set(read.rows.flatMap((r) => Object.keys(r.raw)))];
  const guess = detectPreset(columns);
  const given = (opts.preset as StockPresetName | undefined) ?? base.stock.preset;
  const preset = given ?? guess.preset;
  const tenant: Tenant = { ...base, stock: { ...base.stock, file, preset } };
  const result = ingestRows(tenant, { file, ...read }, now);

  out(`export: ${opts.file}`);
  out(`  format ${read.format}, encoding ${read.encoding}, ${plural(read.rows.length, 'row')}, ${plural(columns.length, 'column')}`);
  if (opts.preset) out(`preset: ${preset} (given with --preset)`);
  else if (base.stock.preset) out(`preset: ${preset} (tenant.json stock.preset)`);
  else if (preset)
    out(
      `preset: ${preset} (detected: it reads ${guess.evidence.length} of the ${columns.length} columns, e.g. ${guess.evidence.slice(0, 6).join(', ')}; ` +
        `${guess.scores
          .slice(1)
          .map((s) => `${s.preset} ${s.columns}`)
          .join(', ')})`,
    );
  else out(`preset: none (the columns are Car field names: ${guess.evidence.slice(0, 6).join(', ')})`);

  out('');
  out('columns:');
  const uses = columnUses(columns, tenant.stock);
  const width = Math.min(36, Math.max(...columns.map((c) => c.length), 6));
  // Numbered columns (image[3].url ... image[19].url) with the same outcome are one line.
  const shown: { first: string; last: string; count: number; what: string; stem: string }[] = [];
  for (const u of uses) {
    const what =
      u.fills.length > 0
        ? `-> ${u.fills.join(', ')}`
        : `not read${u.looks_like ? ` (did you mean ${u.looks_like}?)` : ''}${u.kept ? '; kept on the record as is' : ''}`;
    const stem = /\d/.test(u.column) ? u.column.replace(/\d+/g, '#') : u.column;
    const prev = shown.at(-1);
    if (prev && prev.stem === stem && prev.what === what && stem !== u.column) {
      prev.last = u.column;
      prev.count++;
    } else shown.push({ first: u.column, last: u.column, count: 1, what, stem });
  }
  for (const l of shown) out(`  ${(l.count > 1 ? `${l.first} … ${l.last}` : l.first).padEnd(width)} ${l.what}${l.count > 1 ? ` (${l.count} columns)` : ''}`);

  out('');
  const miles = result.conversions.km_from_miles;
  out(
    `units: ${miles > 0 ? `km read in miles on ${plural(miles, 'record')} (${result.conversions.km_from_miles_by}), converted to km` : 'km (no miles found)'}`,
  );
  const currencies = rejectedCurrencies(result.rejected);
  out(
    `currency: ${currencies.length > 0 ? `${currencies.map((c) => `${c.currency} on ${plural(c.count, 'record')}`).join(', ')}: rejected, the site shows AUD only` : 'AUD (no other currency found)'}`,
  );

  // Values no lookup knew (counted by the ingest), and the shown fields' values that are none of the
  // words the lookups give (a DMS's "Constant Variable" transmission passes through as it is).
  const passed: Record<string, Record<string, number>> = structuredClone(result.unknown_values);
  for (const field of ['body', 'fuel', 'trans', 'drive'] as const) {
    const known = new Set(
      STOCK_PRESETS.flatMap((p) => {
        const spec = presetMapping(p)[field];
        return spec && typeof spec !== 'string' && spec.values ? Object.values(spec.values).map((x) => String(x).toLowerCase()) : [];
      }),
    );
    for (const car of result.vehicles) {
      const value = car[field];
      if (typeof value !== 'string' || known.has(value.toLowerCase()) || result.unknown_values[field]?.[value] !== undefined) continue;
      const counts = (passed[field] ??= {});
      counts[value] = (counts[value] ?? 0) + 1;
    }
  }
  const unknown = Object.entries(passed);
  out('');
  out(unknown.length > 0 ? 'values passed through unmapped (shown as exported):' : 'values passed through unmapped: none');
  for (const [field, values] of unknown) {
    const list = Object.entries(values).sort((a, b) => b[1] - a[1]);
    out(`  ${field}: ${list.map(([v, n]) => `"${v}" ${n}`).join(', ')}`);
  }

  const groups = groupRejections(result.rejected);
  out('');
  out(`rejected: ${plural(result.rejected.length, 'record')} of ${result.read}`);
  for (const g of groups) out(`  ${g.summary}`);
  if (result.warnings.length > 0) {
    out('');
    out('warnings:');
    for (const w of result.warnings) out(`  ${w}`);
  }

  const listed = result.vehicles.filter((v) => v.listed);
  out('');
  out(`sample cars (${Math.min(5, listed.length)} of ${listed.length} listed, as the site shows them):`);
  for (const car of listed.slice(0, 5)) {
    const view = vehicleView(car, { tenant, now });
    const facts = [
      view.price.text + (view.priceNote ? ` ${view.priceNote}` : ''),
      typeof car.km === 'number' ? `${car.km.toLocaleString('en-AU')} km` : 'no km',
      typeof car.year === 'number' ? String(car.year) : 'no year',
      car.body ?? 'no body',
      plural(car.image_sources.length, 'photo'),
    ];
    out(`  ${view.title}${view.subtitle ? ` ${view.subtitle}` : ''}: ${facts.join(' | ')}`);
  }

  const decision = publishDecision(
    { read: result.read, rejected: result.rejected.length, listed: listed.length },
    undefined,
    tenant.publish,
    false,
    tenant.slug,
  );
  const usable = decision.publish;
  out('');
  if (usable)
    out(
      `verdict: usable: ${plural(listed.length, 'car')} would be listed${result.warnings.length > 0 ? `; read the ${plural(result.warnings.length, 'warning')} above` : ''}`,
    );
  else {
    out(`verdict: not usable: ${decision.reason}`);
    out(`  hint: ${currencies.length > 0 ? currencyHint(currencies, listed.length, tenant.slug) : decision.hint}`);
  }

  // The stock block to paste: the preset, and a mapping for each unread column whose field is empty.
  const mapping: Record<string, string> = {};
  for (const w of result.warnings) {
    const m = /^stock column `(.+)` is not read; it looks like `([^`]+)`/.exec(w);
    if (m && !(m[2]! in mapping)) mapping[m[2]!] = m[1]!;
  }
  const suggestion: Record<string, unknown> = {
    stock: {
      file: tenant.stock.file && opts.tenant ? (base.stock.file ?? basename(file)) : basename(file),
      ...(preset ? { preset } : {}),
      ...(Object.keys(mapping).length > 0 ? { mapping } : {}),
    },
  };
  if (opts.mapping) {
    out('');
    out('suggested tenant.json "stock" block:');
    for (const l of JSON.stringify(suggestion, null, 2).slice(2, -2).split('\n')) out(l);
  }
  return { lines, usable, preset, detected: !given && preset !== undefined, result, suggestion };
}

if (isMain(import.meta.url)) {
  const { values, positionals } = parseCliWithPositionals(USAGE, {
    preset: { type: 'string' },
    tenant: { type: 'string' },
    mapping: { type: 'boolean' },
  });
  if (positionals.length !== 1) {
    console.error(`error: give one export file\n\n${USAGE.trim()}`);
    process.exit(2);
  }
  try {
    const r = inspect({ file: positionals[0]!, preset: values.preset, tenant: values.tenant, mapping: values.mapping });
    console.log(r.lines.join('\n'));
    process.exit(r.usable ? 0 : 3);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}\n\n${USAGE.trim()}`);
      process.exit(2);
    }
    if (err instanceof DealerError) {
      console.log(`verdict: not usable: ${err.message}${err.hint ? `\n  hint: ${err.hint}` : ''}`);
      process.exit(3);
    }
    throw err;
  }
}
