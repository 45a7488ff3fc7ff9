/**
 * Staff: every lead a dealer received.
 *   npm run leads -- list   --tenant <slug> [--json|--csv] [--since 2026-11-01] [--limit N]
 *   npm run leads -- export --tenant <slug> [--csv (default)|--json] [--since ...]   > leads.csv
 * Storage: DATABASE_URL, else PGlite in --data (default .data/<slug>; stop `npm run serve` first).
 */
import { flagString, parseArgs } from './lib/args.ts';
import { leadRecord, listLeads, openStaffDbs, toCsv, toTable } from '../functions/staff.ts';

const { flags, positional } = parseArgs(process.argv.slice(2));
const command = positional[0];
const tenant = flagString(flags, 'tenant');
const usage = 'Usage: npm run leads -- list|export --tenant <slug> [--json|--csv] [--since YYYY-MM-DD] [--limit N] [--data dir]';
if ((command !== 'list' && command !== 'export') || !tenant) {
  console.error(usage);
  process.exit(2);
}
const sinceFlag = flagString(flags, 'since');
const since = sinceFlag ? new Date(sinceFlag) : undefined;
if (since && Number.isNaN(since.getTime())) {
  console.error(`--since: "${sinceFlag}" is not a date (use YYYY-MM-DD)`);
  process.exit(2);
}
const limitFlag = flagString(flags, 'limit');
const format = flags.has('json') ? 'json' : flags.has('csv') || command === 'export' ? 'csv' : 'table';

try {
  const [store] = await openStaffDbs({ databaseUrl: process.env['DATABASE_URL'], dataDir: flagString(flags, 'data'), tenant });
  if (!store) throw new Error('no database');
  try {
    const leads = await listLeads(store.db, tenant, { since, limit: limitFlag ? Number(limitFlag) : undefined });
    if (format === 'json') console.log(JSON.stringify(leads, null, 2));
    else if (format === 'csv') process.stdout.write(toCsv(leads.map(leadRecord)));
    else {
      console.log(`${leads.length} lead(s) for ${tenant} in ${store.label}\n`);
      if (leads.length) console.log(toTable(leads.map(leadRecord), ['created_at', 'lead_id', 'category', 'name', 'email', 'phone', 'car', 'delivery']));
    }
  } finally {
    await store.db.close();
  }
} catch (err) {
  const e = err as Error & { hint?: string };
  console.error(e.message);
  if (e.hint) console.error(`hint: ${e.hint}`);
  process.exit(1);
}
