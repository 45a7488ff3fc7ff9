/**
 * Staff: every lead a dealer received.
 *   npm run leads -- list   --tenant <slug> [--json|--csv] [--since 2026-11-01] [--limit N]
 *   npm run leads -- export --tenant <slug> [--csv (default)|--json] [--since ...]   > leads.csv
 * Storage: DATABASE_URL, else PGlite in --data (default .data/<slug>; stop `npm run serve` first).
 */
import { intFlag, parseCliWithPositionals, UsageError } from './lib/cli.ts';
import { leadRecord, listLeads, openStaffDbs, toCsv, toTable } from '../functions/staff.ts';

const USAGE = `
Usage: npm run leads -- list|export --tenant <slug> [--json|--csv] [--since YYYY-MM-DD] [--limit N] [--data dir]

  list              print the tenant's leads, newest first (a table unless --json or --csv)
  export            print them as CSV (or --json), e.g. > leads.csv

  --tenant <slug>   the tenant (required)
  --json            print JSON
  --csv             print formula-safe CSV (the default for export)
  --since <date>    only leads from this date (YYYY-MM-DD)
  --limit <n>       at most n leads
  --data <dir>      the PGlite folder (default: .data/<slug>); DATABASE_URL wins when set
  -h, --help        show this help
`;

const COMMANDS = ['list', 'export'];
const { values: flags, positionals } = parseCliWithPositionals(USAGE, {
  tenant: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  since: { type: 'string' },
  limit: { type: 'string' },
  data: { type: 'string' },
});
function usageError(message: string): never {
  console.error(`error: ${message}\n\n${USAGE.trim()}`);
  process.exit(2);
}
const [command, ...extra] = positionals;
if (!command) usageError(`give a command: ${COMMANDS.join(' or ')}`);
if (!COMMANDS.includes(command)) usageError(`unknown command "${command}" (expected ${COMMANDS.join(' or ')})`);
if (extra.length) usageError(`unexpected argument "${extra[0]}"`);
const tenant = flags.tenant;
if (!tenant) usageError('--tenant <slug> is required');
const sinceFlag = flags.since;
const since = sinceFlag ? new Date(sinceFlag) : undefined;
if (since && Number.isNaN(since.getTime())) {
  console.error(`--since: "${sinceFlag}" is not a date (use YYYY-MM-DD)`);
  process.exit(2);
}
let limit: number | undefined;
try {
  limit = flags.limit === undefined ? undefined : intFlag('limit', flags.limit, 0, 1);
} catch (err) {
  console.error(`error: ${(err as UsageError).message}`);
  process.exit(2);
}
const format = flags.json ? 'json' : flags.csv || command === 'export' ? 'csv' : 'table';

try {
  const [store] = await openStaffDbs({ databaseUrl: process.env['DATABASE_URL'], dataDir: flags.data, tenant });
  if (!store) throw new Error('no database');
  try {
    const leads = await listLeads(store.db, tenant, { since, limit });
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
