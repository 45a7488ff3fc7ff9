/**
 * What the night tells whom (docs/nightly.md, "Alerts"): each dealer with an `alerts` block hears
 * when its stock was not published (held, or failed by its own export or settings), again every
 * `repeat_after_nights` nights while it stays so, and when it is published again; the platform's ops
 * address gets one digest a night with every problem, the platform's first. Pure: scripts/alerts.ts
 * queues the messages in the outbox, which delivers them like leads (e-mail and webhook, retried).
 */
import type { AlertMessage, AlertTarget } from '../../../functions/lib/outbox.ts';
import type { AlertsConfig } from '../../../src/lib/schemas/alerts.ts';
import { isPlatformProblem, statusLines, verdict, type RunSummary, type TenantRow } from '../summary.ts';

export type { AlertTarget };
export type AlertKind = 'held' | 'failed' | 'still-held' | 'repaired' | 'digest';

/** An outbox alert (functions/lib/outbox.ts); its id is `<day>:<tenant>:<kind>`, so a re-run of the night sends nothing twice. */
export interface FleetAlert extends AlertMessage {
  kind: AlertKind;
}

export interface PlannedAlert {
  message: FleetAlert;
  targets: AlertTarget[];
}

/** The platform's own tenant name for the ops digest (no tenant slug starts with `_`). */
export const OPS_TENANT = '_ops';

export function targetsOf(config: { email?: string | string[] | undefined; webhook_url?: string | undefined } | undefined): AlertTarget[] {
  const emails = config?.email === undefined ? [] : Array.isArray(config.email) ? config.email : [config.email];
  return [
    ...emails.map((target): AlertTarget => ({ channel: 'email', target })),
    ...(config?.webhook_url ? [{ channel: 'webhook' as const, target: config.webhook_url }] : []),
  ];
}

/** Which alert, if any, the row calls for tonight. */
export function alertKind(row: TenantRow, repeatAfterNights: number): Exclude<AlertKind, 'digest'> | undefined {
  if (row.status === 'held' || row.status === 'failed') {
    // The platform's failure is ops' to fix: the digest says it, the dealer is not asked to act.
    if (isPlatformProblem(row)) return undefined;
    const nights = row.nights_held ?? 1;
    if (nights <= 1) return row.status;
    return nights % repeatAfterNights === 0 ? 'still-held' : undefined;
  }
  return row.repaired ? 'repaired' : undefined;
}

const SUBJECT: Record<Exclude<AlertKind, 'digest'>, (r: TenantRow) => string> = {
  held: (r) => `${r.tenant}: tonight's stock was not published (held)`,
  failed: (r) => `${r.tenant}: tonight's build failed; the site was not updated`,
  'still-held': (r) => `${r.tenant}: stock not published for ${r.nights_held ?? '?'} nights`,
  repaired: (r) => `${r.tenant}: stock published again`,
};

/** The alert for one dealer tonight, or undefined (nothing to say, or nobody configured to hear it). */
export function dealerAlert(row: TenantRow, config: AlertsConfig | undefined, s: RunSummary): PlannedAlert | undefined {
  const kind = alertKind(row, config?.repeat_after_nights ?? 3);
  const targets = targetsOf(config);
  if (!kind || targets.length === 0) return undefined;
  const text = [
    `${SUBJECT[kind](row)}.`,
    '',
    ...statusLines(row),
    ...(row.top_reasons.length ? ['', 'Rows rejected, by reason:', ...row.top_reasons.map((r) => `- ${r}`)] : []),
    '',
    `Nightly build of ${s.build_day}.${s.run_url ? ` The run: ${s.run_url}` : ''}`,
  ].join('\n');
  return {
    message: {
      id: `${s.build_day}:${row.tenant}:${kind}`,
      tenant: row.tenant,
      kind,
      subject: SUBJECT[kind](row),
      text,
      payload: {
        day: s.build_day,
        status: row.status,
        reason: row.message,
        hint: row.hint,
        held_since: row.held_since,
        nights_held: row.nights_held,
        repaired: row.repaired,
        live: { listed: row.listed, published_at: row.live_since },
        refused: row.refused,
        rejected: row.rejected,
        top_reasons: row.top_reasons,
        run_url: s.run_url,
      },
    },
    targets,
  };
}

/**
 * The ops digest: one message a run, sent every night (its absence means the night did not run). A
 * re-run of the night (`run`: the workflow run and attempt) sends its own, so ops learn it mended things.
 */
export function opsDigest(s: RunSummary, targets: readonly AlertTarget[], run?: string): PlannedAlert | undefined {
  if (targets.length === 0) return undefined;
  const t = s.totals;
  const v = verdict(s);
  const line = (r: TenantRow): string => `- ${r.tenant}: ${statusLines(r).join(' ')}`;
  const problems = s.tenants.filter((r) => r.status === 'held' || r.status === 'failed');
  const repaired = s.tenants.filter((r) => r.repaired && r.status !== 'held' && r.status !== 'failed');
  const subject = `${v.platform.length ? 'PLATFORM FAILED: ' : ''}nightly build ${s.build_day}: ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed`;
  const text = [
    subject,
    '',
    `${t.tenants} tenants, ${t.listed.toLocaleString('en-AU')} cars listed, ${t.rejected.toLocaleString('en-AU')} rows rejected, ${t.uploaded.toLocaleString('en-AU')} files uploaded.`,
    ...(v.platform.length ? ['', 'The platform failed (the job is red):', ...v.platform.map((p) => `- ${p}`)] : []),
    ...(problems.filter((r) => !isPlatformProblem(r)).length
      ? ['', 'Dealers not published tonight (their own export or settings):', ...problems.filter((r) => !isPlatformProblem(r)).map(line)]
      : []),
    ...(repaired.length ? ['', 'Published again tonight:', ...repaired.map(line)] : []),
    ...(s.notes.length ? ['', 'Notes:', ...s.notes.map((n) => `- ${n}`)] : []),
    '',
    s.run_url ? `The run: ${s.run_url}` : 'The run page has the full table (the run-summary artifact: index.html).',
  ].join('\n');
  return {
    message: {
      id: `${s.build_day}:${OPS_TENANT}:digest${run ? `:${run}` : ''}`,
      tenant: OPS_TENANT,
      kind: 'digest',
      subject,
      text,
      payload: {
        day: s.build_day,
        totals: t,
        platform: v.platform,
        dealers: v.dealers,
        held: problems.map((r) => ({ tenant: r.tenant, status: r.status, reason: r.message, held_since: r.held_since, nights: r.nights_held })),
        repaired: repaired.map((r) => r.tenant),
        run_url: s.run_url,
      },
    },
    targets: [...targets],
  };
}
