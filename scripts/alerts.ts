/**
 * Queues the night's alerts in the lead outbox (scripts/lib/fleet/alerts.ts, docs/nightly.md "Alerts"):
 * each dealer's alert to the addresses in its tenant.json `alerts` block, and the ops digest to
 * FLEET_OPS_EMAIL / FLEET_OPS_WEBHOOK_URL. The outbox delivers them like leads (`npm run outbox --
 * deliver`, the outbox workflow, or the functions' host), with retries. See USAGE.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { openDb } from '../functions/db/index.ts';
import { enqueueAlert } from '../functions/lib/outbox.ts';
import { AlertsSchema, type AlertsConfig } from '../src/lib/schemas/alerts.ts';
import { WebhookUrl } from '../src/lib/schemas/common.ts';
import { UsageError, parseCli, runCli } from './lib/cli.ts';
import { dealerAlert, opsDigest, type AlertTarget, type PlannedAlert } from './lib/fleet/alerts.ts';
import type { RunSummary } from './lib/summary.ts';

const USAGE = `
Usage: node scripts/alerts.ts --summary <summary.json> [--tenants tenants] [--out <dir>] [--data <dir>] [--dry-run]

Queues tonight's alerts in the outbox: a dealer held or failed by its own export or settings (the
first night, then every alerts.repeat_after_nights nights), a dealer published again, and one digest
for ops. Queueing the same night twice sends nothing twice.

  --summary <file>   the run summary (scripts/summary.ts --merge)
  --tenants <dir>    the tenant folders, for each one's alerts block (default: tenants/)
  --out <dir>        also write what was planned to <dir>/alerts.json
  --data <dir>       the outbox in a PGlite folder (when DATABASE_URL is not set; for local runs)
  --dry-run          print the alerts, queue nothing

Environment: DATABASE_URL (the functions' database: its outbox sends the alerts), FLEET_OPS_EMAIL (one
or more addresses, comma-separated) and FLEET_OPS_WEBHOOK_URL for the digest. Exit 0 when queued (or
nothing to queue, or no database: then it says so); 1 when the database refused them; 2 on a bad option.
`;

const EmailList = v.array(v.pipe(v.string(), v.trim(), v.email()));

/** The ops targets from the environment; a malformed value is a usage error naming the variable. */
function opsTargets(env: NodeJS.ProcessEnv): AlertTarget[] {
  const targets: AlertTarget[] = [];
  const emails = (env['FLEET_OPS_EMAIL'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = v.safeParse(EmailList, emails);
  if (!parsed.success) throw new UsageError(`FLEET_OPS_EMAIL: ${parsed.issues[0]?.message ?? 'not e-mail addresses'} (comma-separated addresses)`);
  targets.push(...parsed.output.map((target) => ({ channel: 'email' as const, target })));
  const hook = env['FLEET_OPS_WEBHOOK_URL']?.trim();
  if (hook) {
    const h = v.safeParse(WebhookUrl, hook);
    // The value is a secret: the message does not repeat it.
    if (!h.success) throw new UsageError(`FLEET_OPS_WEBHOOK_URL: ${h.issues[0]?.message ?? 'not a webhook URL'}`);
    targets.push({ channel: 'webhook', target: h.output });
  }
  return targets;
}

/**
 * A tenant's alerts block, read on its own: a tenant.json broken elsewhere (the reason it failed
 * tonight) still reaches its dealer when its alerts block is fine.
 */
function alertsConfig(tenantsDir: string, slug: string): { config?: AlertsConfig; problem?: string } {
  const file = join(tenantsDir, slug, 'tenant.json');
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { problem: `${slug}: no alert sent to the dealer: ${file} is not valid JSON (${(err as Error).message})` };
  }
  const block = typeof raw === 'object' && raw !== null ? (raw as { alerts?: unknown }).alerts : undefined;
  const parsed = v.safeParse(AlertsSchema, block);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return { problem: `${slug}: no alert sent to the dealer: alerts${path ? `.${path}` : ''} in ${file}: ${issue?.message ?? 'invalid'}` };
  }
  return { config: parsed.output };
}

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    summary: { type: 'string' },
    tenants: { type: 'string' },
    out: { type: 'string' },
    data: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (!flags.summary) throw new UsageError('--summary <summary.json> is required');
  let summary: RunSummary;
  try {
    summary = JSON.parse(readFileSync(flags.summary, 'utf8')) as RunSummary;
  } catch (err) {
    throw new UsageError(`--summary ${flags.summary}: ${(err as Error).message}`);
  }
  summary = { ...summary, problems: summary.problems ?? [], notes: summary.notes ?? [] };
  const tenantsDir = resolve(flags.tenants ?? 'tenants');
  const planned: PlannedAlert[] = [];
  const problems: string[] = [];
  for (const row of summary.tenants) {
    const { config, problem } = alertsConfig(tenantsDir, row.tenant);
    if (problem) problems.push(problem);
    const alert = dealerAlert(row, config, summary);
    if (alert) planned.push(alert);
  }
  // The digest also names what kept a dealer's own alert from being sent.
  const run = process.env['GITHUB_RUN_ID'] ? `${process.env['GITHUB_RUN_ID']}-${process.env['GITHUB_RUN_ATTEMPT'] ?? '1'}` : undefined;
  const digest = opsDigest({ ...summary, notes: [...summary.notes, ...problems] }, opsTargets(process.env), run);
  if (digest) planned.push(digest);
  else console.log('No ops digest: FLEET_OPS_EMAIL and FLEET_OPS_WEBHOOK_URL are not set.');
  for (const p of problems) console.log(`::warning::${p}`);

  if (flags.out) {
    mkdirSync(flags.out, { recursive: true });
    writeFileSync(join(flags.out, 'alerts.json'), `${JSON.stringify(planned, null, 2)}\n`);
  }
  for (const a of planned)
    console.log(
      `alert ${a.message.id}: "${a.message.subject}" to ${a.targets.map((t) => `${t.channel} ${t.channel === 'webhook' ? new URL(t.target).host : t.target}`).join(', ')}`,
    );
  if (planned.length === 0) {
    console.log('No alert tonight.');
    return 0;
  }
  if (flags['dry-run']) {
    console.log(`Dry run: ${planned.length} alert(s), none queued.`);
    return 0;
  }
  const databaseUrl = process.env['DATABASE_URL']?.trim() || undefined;
  if (!databaseUrl && !flags.data) {
    console.log(
      `::warning::${planned.length} alert(s) not sent: DATABASE_URL is not set, so there is no outbox to queue them in. They are listed above${flags.out ? ` and in ${join(flags.out, 'alerts.json')}` : ''}.`,
    );
    return 0;
  }
  const db = await openDb(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: flags.data });
  try {
    const now = new Date();
    let rows = 0;
    let fresh = 0;
    for (const a of planned) {
      const n = await enqueueAlert(db, a.message, a.targets, now);
      rows += n;
      if (n > 0) fresh++;
    }
    console.log(
      `Queued ${fresh} alert(s) (${rows} message(s)) in ${db.description}; ${planned.length - fresh} already queued by an earlier run of this night. The outbox sends them (npm run outbox -- deliver).`,
    );
    return 0;
  } catch (err) {
    console.error(`alerts: the outbox refused them: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

await runCli(main);
