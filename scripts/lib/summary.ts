/**
 * The run summary a person reads after a night: one row per tenant (built / unchanged / held / failed,
 * cars listed, rows rejected with the top reasons, photos failed, pages, bytes, time), problems first,
 * and where the night's time went. Written as <out>/_build/summary.json and a self-contained
 * <out>/_build/index.html; the nightly workflow merges the shards' summaries into one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { australianToday } from './fingerprint.ts';
import { emptyReport, type BuildReport } from './report.ts';
import type { Finding } from '../../src/lib/compliance/findings.ts';

export type TenantOutcome = 'built' | 'unchanged' | 'held' | 'failed';

/**
 * Whose problem a held or failed tenant is: the dealer's (an export or config the guard refused: a
 * warning on the run page and an alert, the job stays green), or the platform's (a build that crashed or
 * ran out of time, a publish that failed: the job turns red).
 */
export type Fault = 'dealer' | 'platform';

/** What the publish did for the tenant tonight (scripts/lib/publish/publish.ts). */
export interface PublishCell {
  status: 'published' | 'live' | 'withheld' | 'failed' | 'dry-run' | 'held' | 'skipped';
  release?: string | undefined;
  /** The site's files; each was uploaded, copied inside the bucket, or already in the slot. */
  files?: number | undefined;
  unchanged?: number | undefined;
  uploaded: number;
  uploaded_bytes: number;
  copied: number;
  deleted: number;
  resumed: boolean;
  seconds: number;
  error?: string | undefined;
  reason?: string | undefined;
}

/** One night of the trend the run page draws (scripts/lib/fleet/history.ts). */
export interface TrendPoint {
  day: string;
  status: TenantOutcome;
  listed: number | null;
  rejected: number;
  build_ms: number;
}

export interface TenantRow {
  tenant: string;
  status: TenantOutcome;
  /** For held and failed tenants, and built ones whose publish failed. */
  fault?: Fault | undefined;
  /** One line: why it was held or failed, or until when its pages stand. */
  message?: string | undefined;
  /** What to do about it. */
  hint?: string | undefined;
  /** Cars on the live site after tonight: the new build's, or for a held tenant the kept site's. */
  listed: number;
  /** When the live site was published (a held tenant's kept site). */
  live_since?: string | undefined;
  /** A held tenant's build that was not published: what it would have listed. */
  refused?: { listed: number; read: number; rejected: number } | undefined;
  read: number;
  rejected: number;
  /** The largest rejection groups, one line each. */
  top_reasons: string[];
  photos_failed: number;
  pages: number;
  output_bytes: number;
  publish?: PublishCell | undefined;
  /** The first night of the current run of held or failed nights, and how many nights it is. */
  held_since?: string | undefined;
  nights_held?: number | undefined;
  /** Published again tonight after held or failed nights. */
  repaired?: { since: string; nights: number } | undefined;
  /** The last 30 nights, oldest first. */
  trend?: TrendPoint[] | undefined;
  warnings: number;
  /** Compliance findings (docs/compliance.md): counts by severity and the messages (complianceMessages). */
  compliance: { error: number; warning: number; messages: string[] };
  time_ms: number;
  timings_ms: Record<string, number>;
  shard?: string | undefined;
}

export interface RunSummary {
  generated_at: string;
  build_day: string;
  duration_ms: number;
  shards: string[];
  /** Problems of the run itself, not of one tenant: a shard that sent no report, an unreadable bucket... */
  problems: string[];
  /** Notes for ops that are not a tenant's row: a site in the bucket whose tenant folder is gone... */
  notes: string[];
  /** The run page of this run (GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID), when known. */
  run_url?: string | undefined;
  totals: Record<TenantOutcome, number> & {
    tenants: number;
    listed: number;
    rejected: number;
    photos_failed: number;
    compliance_errors: number;
    compliance_warnings: number;
    uploaded: number;
    uploaded_bytes: number;
    platform_problems: number;
  };
  /** Milliseconds per phase across every tenant (skipped tenants count under "unchanged"). */
  time_by_phase: Record<string, number>;
  tenants: TenantRow[];
}

/** The run page of the GitHub Actions run this process is part of, when it is one. */
export function runUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env;
  return server && repo && run ? `${server}/${repo}/actions/runs/${run}` : undefined;
}

/** The tenant's problem is the platform's: the run is red. */
export function isPlatformProblem(r: TenantRow): boolean {
  return r.fault === 'platform' || r.publish?.status === 'failed';
}

const ORDER: Record<TenantOutcome, number> = { failed: 0, held: 1, built: 2, unchanged: 3 };

/** At most this many compliance lines per tenant in the summary; the report has every finding. */
export const COMPLIANCE_LINES = 20;

/**
 * The summary's compliance lines: each finding, errors first, except a rule with more than three
 * findings is one line ("warning [price-type-unstated] 858 findings, e.g. ..."); at most 20 lines.
 */
export function complianceMessages(findings: readonly Finding[]): string[] {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const lines: string[] = [];
  for (const f of findings) {
    const same = byRule.get(f.rule)!;
    if (same.length <= 3) lines.push(`${f.severity} [${f.rule}] ${f.message}`);
    else if (same[0] === f) lines.push(`${f.severity} [${f.rule}] ${same.length} findings, e.g. ${f.message}`);
  }
  return lines.slice(0, COMPLIANCE_LINES);
}

/** A summary row from a tenant's report. */
export function rowFromReport(r: BuildReport, status: TenantOutcome, shard?: string): TenantRow {
  const kept = status === 'held' ? r.held?.kept : undefined;
  return {
    tenant: r.tenant,
    status,
    fault: status === 'held' ? 'dealer' : status === 'failed' ? (r.fault ?? 'platform') : undefined,
    message:
      status === 'held'
        ? r.held?.reason
        : status === 'failed'
          ? r.error?.message.split('\n')[0]
          : r.valid_until
            ? `pages stand until ${r.valid_until}`
            : undefined,
    hint: status === 'held' ? r.held?.hint : status === 'failed' ? r.error?.hint : undefined,
    listed: kept ? kept.listed : status === 'failed' ? 0 : r.records.listed,
    live_since: kept?.published_at,
    // A build refused after reading its export (not one whose config could not be read).
    refused: kept && r.records.read > 0 ? { listed: r.records.listed, read: r.records.read, rejected: r.records.rejected } : undefined,
    read: r.records.read,
    rejected: r.records.rejected,
    top_reasons: (r.rejected_groups ?? []).slice(0, 3).map((g) => g.summary),
    photos_failed: r.images.failed,
    pages: r.pages.html,
    output_bytes: r.output_bytes,
    warnings: r.warnings?.length ?? 0,
    compliance: {
      error: r.compliance?.error ?? 0,
      warning: r.compliance?.warning ?? 0,
      messages: complianceMessages(r.compliance?.findings ?? []),
    },
    time_ms: r.timings_ms.total,
    timings_ms: { ...r.timings_ms },
    shard,
  };
}

/** The platform's problems first, then failed, held, repaired, built tenants with rejections, the rest; by name within. */
export function sortRows(rows: TenantRow[]): TenantRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(isPlatformProblem(b)) - Number(isPlatformProblem(a)) ||
      ORDER[a.status] - ORDER[b.status] ||
      Number(Boolean(b.repaired)) - Number(Boolean(a.repaired)) ||
      Number(b.rejected > 0) - Number(a.rejected > 0) ||
      a.tenant.localeCompare(b.tenant),
  );
}

export function summarise(
  rows: TenantRow[],
  meta: { build_day: string; duration_ms: number; shards?: string[]; problems?: string[]; notes?: string[]; run_url?: string | undefined },
): RunSummary {
  const totals = {
    tenants: rows.length,
    built: 0,
    unchanged: 0,
    held: 0,
    failed: 0,
    listed: 0,
    rejected: 0,
    photos_failed: 0,
    compliance_errors: 0,
    compliance_warnings: 0,
    uploaded: 0,
    uploaded_bytes: 0,
    platform_problems: 0,
  };
  const time: Record<string, number> = {};
  for (const r of rows) {
    totals[r.status]++;
    totals.listed += r.listed;
    totals.rejected += r.rejected;
    totals.photos_failed += r.photos_failed;
    totals.compliance_errors += r.compliance?.error ?? 0;
    totals.compliance_warnings += r.compliance?.warning ?? 0;
    totals.uploaded += r.publish?.uploaded ?? 0;
    totals.uploaded_bytes += r.publish?.uploaded_bytes ?? 0;
    if (isPlatformProblem(r)) totals.platform_problems++;
    if (r.status === 'unchanged') time['unchanged'] = (time['unchanged'] ?? 0) + r.time_ms;
    else for (const [phase, ms] of Object.entries(r.timings_ms)) if (phase !== 'total') time[phase] = (time[phase] ?? 0) + ms;
    if (r.publish && r.publish.seconds > 0) time['upload'] = (time['upload'] ?? 0) + Math.round(r.publish.seconds * 1000);
  }
  return {
    generated_at: new Date().toISOString(),
    build_day: meta.build_day,
    duration_ms: meta.duration_ms,
    shards: meta.shards ?? [],
    problems: meta.problems ?? [],
    notes: meta.notes ?? [],
    run_url: meta.run_url,
    totals,
    time_by_phase: time,
    tenants: sortRows(rows),
  };
}

/**
 * One summary from the shards' summaries (the nightly workflow's last job). With the plan, a tenant
 * no shard reported on (its shard crashed or ran out of time before writing its summary) is a failed
 * row, the platform's problem.
 */
export function mergeSummaries(
  parts: RunSummary[],
  opts: { plan?: { tenants: Record<string, number> } | undefined; notes?: string[]; problems?: string[]; run_url?: string | undefined } = {},
): RunSummary {
  const rows = parts.flatMap((p) => p.tenants);
  const seen = new Set(rows.map((r) => r.tenant));
  const problems = [...parts.flatMap((p) => p.problems ?? []), ...(opts.problems ?? [])];
  for (const [tenant, shard] of Object.entries(opts.plan?.tenants ?? {})) {
    if (seen.has(tenant)) continue;
    rows.push({
      ...rowFromReport(emptyReport(tenant), 'failed'),
      fault: 'platform',
      message: `no report from shard ${shard}: its job stopped before writing one (see that job's log); the live site was not changed by this run`,
      hint: 'Run the workflow again; if the shard keeps stopping, look at its log for the step that failed or ran out of time.',
    });
  }
  return summarise(rows, {
    build_day: parts[0]?.build_day ?? process.env['BUILD_NOW']?.slice(0, 10) ?? australianToday(),
    duration_ms: Math.max(0, ...parts.map((p) => p.duration_ms)),
    shards: parts.flatMap((p) => p.shards),
    problems,
    notes: [...parts.flatMap((p) => p.notes ?? []), ...(opts.notes ?? [])],
    run_url: opts.run_url ?? parts.find((p) => p.run_url)?.run_url,
  });
}

/**
 * What the run means for the job: the platform's problems (the job fails) and the dealers' (a warning
 * each), one line each, for the workflow's annotations.
 */
export function verdict(s: RunSummary): { platform: string[]; dealers: string[] } {
  const line = (r: TenantRow): string => `${r.tenant}: ${r.status}${r.message ? ` (${r.message})` : ''}`;
  const platform = [...s.problems];
  if (s.totals.tenants === 0) platform.push('no tenant was planned or built: an empty fleet is a broken run, not a quiet one');
  for (const r of s.tenants) {
    if (r.publish?.status === 'failed')
      platform.push(`${r.tenant}: the publish failed (${r.publish.error ?? 'unknown error'}); the live site is the release before, whole`);
    else if (isPlatformProblem(r)) platform.push(line(r));
  }
  const dealers = s.tenants
    .filter((r) => (r.status === 'held' || r.status === 'failed') && !isPlatformProblem(r))
    .map((r) => `${line(r)}${r.nights_held && r.nights_held > 1 ? `, ${r.nights_held} nights since ${r.held_since}` : ''}`);
  for (const r of s.tenants) if (r.publish?.status === 'withheld') dealers.push(`${r.tenant}: not published (${r.publish.reason ?? 'withheld'})`);
  return { platform, dealers: [...dealers, ...s.notes] };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const day = (iso: string | undefined): string => (iso ?? '').slice(0, 10);
const plural = (n: number, word: string): string => `${n.toLocaleString('en-AU')} ${word}${n === 1 ? '' : 's'}`;

/** A horizontal stacked bar (inline SVG) of where the time went, with a legend. */
function timeChart(time: Record<string, number>): string {
  const colours: Record<string, string> = {
    config: '#9aa5b1',
    ingest: '#3b82f6',
    images: '#f59e0b',
    prepare: '#06b6d4',
    render: '#10b981',
    compliance: '#ef4444',
    publish: '#8b5cf6',
    upload: '#6366f1',
    unchanged: '#d1d5db',
  };
  const entries = Object.entries(time).filter(([, ms]) => ms > 0);
  const total = entries.reduce((n, [, ms]) => n + ms, 0) || 1;
  let x = 0;
  const bars = entries
    .map(([phase, ms]) => {
      const w = (ms / total) * 600;
      const rect = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="24" fill="${colours[phase] ?? '#6b7280'}"><title>${esc(phase)}: ${secs(ms)}</title></rect>`;
      x += w;
      return rect;
    })
    .join('');
  const legend = entries
    .map(
      ([phase, ms]) => `<li><span style="background:${colours[phase] ?? '#6b7280'}"></span>${esc(phase)} ${secs(ms)} (${Math.round((ms / total) * 100)}%)</li>`,
    )
    .join('');
  return `<svg class="timechart" viewBox="0 0 600 24" preserveAspectRatio="none" role="img" aria-label="Where the time went">${bars}</svg><ul class="legend">${legend}</ul>`;
}

/**
 * Three small lines over the last 30 nights (cars listed, rows rejected, build time), the held and
 * failed nights marked red: a tenant's trend at a glance, with the figures in its label.
 */
export function trendSvg(points: readonly TrendPoint[]): string {
  if (points.length === 0) return '';
  const W = 150;
  const rowH = 14;
  const step = points.length > 1 ? W / (points.length - 1) : 0;
  const series = [
    { label: 'listed', colour: '#2563eb', values: points.map((p) => p.listed ?? 0) },
    { label: 'rejected', colour: '#d97706', values: points.map((p) => p.rejected) },
    { label: 'build time', colour: '#6b7280', values: points.map((p) => p.build_ms) },
  ];
  const lines = series
    .map((sr, row) => {
      const max = Math.max(1, ...sr.values);
      const y = (v: number): number => row * (rowH + 2) + rowH - (v / max) * (rowH - 2) - 1;
      const d = sr.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${y(v).toFixed(1)}`).join(' ');
      return points.length > 1
        ? `<path d="${d}" fill="none" stroke="${sr.colour}" stroke-width="1.5"/>`
        : `<circle cx="2" cy="${y(sr.values[0] ?? 0).toFixed(1)}" r="2" fill="${sr.colour}"/>`;
    })
    .join('');
  const marks = points
    .map((p, i) =>
      p.status === 'held' || p.status === 'failed'
        ? `<rect x="${Math.max(0, i * step - 1.5).toFixed(1)}" y="0" width="3" height="${3 * (rowH + 2)}" fill="#dc2626" opacity="0.35"/>`
        : '',
    )
    .join('');
  const first = points[0]!;
  const last = points.at(-1)!;
  const problems = points.filter((p) => p.status === 'held' || p.status === 'failed').length;
  const label = `${points.length} nights from ${first.day} to ${last.day}: cars listed ${first.listed ?? 0} to ${last.listed ?? 0}, rows rejected ${first.rejected} to ${last.rejected}, build time ${secs(first.build_ms)} to ${secs(last.build_ms)}${problems ? `, ${plural(problems, 'night')} held or failed` : ''}`;
  return `<svg class="trend" viewBox="-2 0 ${W + 4} ${3 * (rowH + 2)}" width="${W + 4}" height="${3 * (rowH + 2)}" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title>${marks}${lines}</svg>`;
}

/** Errors and warnings of one tenant, with the first messages (the report has them all). */
function complianceCell(r: TenantRow): string {
  const c = r.compliance ?? { error: 0, warning: 0, messages: [] };
  if (c.error + c.warning === 0) return r.status === 'built' || r.status === 'unchanged' || r.status === 'held' ? 'none' : '';
  return `<span class="errors">${c.error} error${c.error === 1 ? '' : 's'}</span>, <span class="warnings">${c.warning} warning${c.warning === 1 ? '' : 's'}</span><ul>${c.messages.map((m) => `<li>${esc(m)}</li>`).join('')}</ul>`;
}

/** The status in words: what happened, since when, what the shopper sees now, what to do. */
export function statusLines(r: TenantRow): string[] {
  const lines: string[] = [];
  const publish = r.publish;
  if (r.status === 'held' || r.status === 'failed') {
    if (r.held_since) lines.push(`${r.status === 'held' ? 'Held' : 'Failed'} since ${r.held_since} (${plural(r.nights_held ?? 1, 'night')}).`);
    if (r.message) lines.push(r.message);
    if (r.refused) lines.push(`The refused build would list ${plural(r.refused.listed, 'car')} (${r.refused.rejected} of ${r.refused.read} rows rejected).`);
    if (r.listed > 0 || r.live_since)
      lines.push(`Shoppers see the live site: ${plural(r.listed, 'car')}${r.live_since ? `, published ${day(r.live_since)}` : ''}.`);
    // Only a dealer's own first build is known to have no site; a platform failure may not know what is live.
    else if (r.fault === 'dealer') lines.push('No site is live for this dealer yet.');
    if (r.hint) lines.push(`What to do: ${r.hint}`);
    return lines;
  }
  if (r.repaired) lines.push(`Repaired: live again after ${plural(r.repaired.nights, 'night')} held or failed (since ${r.repaired.since}).`);
  if (publish?.status === 'published') lines.push(`Published release ${publish.release ?? ''}${publish.resumed ? ' (a stopped publish carried on)' : ''}.`);
  else if (publish?.status === 'live') lines.push(`Live: release ${publish.release ?? ''}.`);
  else if (publish?.status === 'withheld') lines.push(`Not published: ${publish.reason ?? ''}`);
  else if (publish?.status === 'failed')
    lines.push(`The publish failed: ${publish.error ?? 'unknown error'}. The live site is the release before, whole; the next run carries on.`);
  if (r.message) lines.push(r.message);
  return lines;
}

function uploadedCell(r: TenantRow): string {
  const p = r.publish;
  if (!p || (p.status !== 'published' && p.status !== 'failed' && p.status !== 'live')) return '';
  if (p.status === 'live') return '<small>nothing: already live</small>';
  return `${plural(p.uploaded, 'file')}<small>${mb(p.uploaded_bytes)}</small>${p.copied ? `<small>${p.copied.toLocaleString('en-AU')} copied in the bucket</small>` : ''}`;
}

/** The summary as one self-contained HTML page (no scripts, no external files), readable on a phone. */
export function summaryHtml(s: RunSummary): string {
  const t = s.totals;
  const rows = s.tenants
    .map((r) => {
      const label = r.status === 'failed' && r.fault === 'platform' ? 'failed (platform)' : r.repaired ? `${r.status}, repaired` : r.status;
      const cls = `${r.status}${isPlatformProblem(r) ? ' platform' : ''}${r.repaired ? ' repaired' : ''}`;
      return `<tr class="${cls}">
<td data-label="tenant"><b>${esc(r.tenant)}</b>${r.shard ? `<small>shard ${esc(r.shard)}</small>` : ''}</td>
<td data-label="status" class="status"><b>${esc(label)}</b>${statusLines(r)
        .map((l) => `<small>${esc(l)}</small>`)
        .join('')}</td>
<td data-label="cars listed" class="n">${r.listed.toLocaleString('en-AU')}</td>
<td data-label="rows rejected" class="n">${r.rejected.toLocaleString('en-AU')}${r.top_reasons.length ? `<small>${r.top_reasons.map(esc).join('<br>')}</small>` : ''}</td>
<td data-label="photos failed" class="n">${r.photos_failed}</td>
<td data-label="compliance" class="compliance">${complianceCell(r)}</td>
<td data-label="uploaded" class="n">${uploadedCell(r)}</td>
<td data-label="30 nights" class="trendcell">${trendSvg(r.trend ?? [])}</td>
<td data-label="time" class="n">${secs(r.time_ms)}</td>
</tr>`;
    })
    .join('\n');
  const problems = s.problems.length
    ? `<div class="problems"><h2>The run itself failed</h2><ul>${s.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></div>`
    : '';
  const notes = s.notes.length ? `<div class="notes"><h2>For ops</h2><ul>${s.notes.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></div>` : '';
  const red = t.platform_problems + s.problems.length;
  const headline =
    red > 0
      ? `The platform failed: ${plural(red, 'problem')}, in red below. The job is red.`
      : t.held + t.failed > 0
        ? `The platform ran; ${plural(t.held + t.failed, 'dealer')} held or failed by their own exports or settings: warnings, alerts sent.`
        : 'Every tenant built or was unchanged.';
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Build summary ${esc(s.build_day)}: ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:16px;color:#111;overflow-wrap:break-word}h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem}
.totals{display:flex;gap:8px;flex-wrap:wrap;margin:12px 0}.totals div{border:1px solid #ddd;border-radius:6px;padding:6px 10px}
.totals b{display:block;font-size:1.25rem}table{border-collapse:collapse;width:100%;margin-top:16px}
th,td{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f9fafb}td.n{white-space:nowrap}td.status{min-width:14em}td small,.compliance li{overflow-wrap:anywhere}
td.n{text-align:right;font-variant-numeric:tabular-nums}td small{display:block;margin-top:2px}td.n small{text-align:left;white-space:normal}small{color:#555}
tr.failed td.status b{color:#b91c1c}tr.held td.status b{color:#b45309}tr.platform{background:#fef2f2}tr.repaired td.status b{color:#047857}tr.unchanged{color:#6b7280}
.headline{font-weight:600}.problems{border:2px solid #b91c1c;border-radius:6px;padding:4px 12px;margin:12px 0}.notes{border:1px solid #b45309;border-radius:6px;padding:4px 12px;margin:12px 0}
.legend{list-style:none;padding:0;display:flex;gap:14px;flex-wrap:wrap;font-size:13px}.legend span{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
.timechart{width:100%;max-width:600px;height:24px;display:block}
.compliance .errors{color:#b91c1c}.compliance .warnings{color:#b45309}.compliance ul{margin:4px 0 0;padding-left:16px;font-size:12px}
@media (max-width:760px){
 table,tbody,tr,td{display:block;width:auto}thead{display:none}
 tr{border:1px solid #e5e7eb;border-radius:8px;margin:12px 0;padding:6px 10px}td{border:0;padding:3px 0}td.n{text-align:left;white-space:normal}td.status{min-width:0}
 td[data-label]:not(:first-child)::before{content:attr(data-label) ": ";font-weight:600;color:#444}td:empty{display:none}
}
</style></head><body><main>
<h1>Build summary for ${esc(s.build_day)}</h1>
<p>${esc(new Date(s.generated_at).toUTCString())}, ${secs(s.duration_ms)}${s.shards.length ? `, shards ${esc(s.shards.join(', '))}` : ''}${s.run_url ? `, <a href="${esc(s.run_url)}">the run</a>` : ''}</p>
<p class="headline">${esc(headline)}</p>
${problems}${notes}<div class="totals"><div><b>${t.tenants}</b>tenants</div><div><b>${t.built}</b>built</div><div><b>${t.unchanged}</b>unchanged</div><div><b>${t.held}</b>held</div><div><b>${t.failed}</b>failed</div><div><b>${t.listed.toLocaleString('en-AU')}</b>cars listed</div><div><b>${t.rejected.toLocaleString('en-AU')}</b>rows rejected</div><div><b>${t.photos_failed}</b>photos failed</div><div><b>${t.uploaded.toLocaleString('en-AU')}</b>files uploaded (${mb(t.uploaded_bytes)})</div><div><b>${t.compliance_errors}</b>compliance errors</div><div><b>${t.compliance_warnings}</b>compliance warnings</div></div>
<h2>Where the time went</h2>
${timeChart(s.time_by_phase)}
<table><thead><tr><th>tenant</th><th>status</th><th>cars listed</th><th>rows rejected</th><th>photos failed</th><th>compliance</th><th>uploaded</th><th>30 nights</th><th>time</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p><small>Cars listed: what shoppers see after tonight; for a held dealer, the live site that was kept. 30 nights: cars listed (blue), rows rejected (orange), build time (grey); held or failed nights in red.</small></p>
<p><small>Compliance findings are aids, not legal advice; each rule and its source: docs/compliance.md. An error holds the tenant's publish.</small></p>
<p><small>Each tenant's full report: _build/&lt;slug&gt;/report.json. Held: the published site was kept; fix what the row says and run again, or publish anyway with the workflow's accept input (--accept &lt;slug&gt;).</small></p>
</main></body></html>
`;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The run page ($GITHUB_STEP_SUMMARY): a headline, the problems, and a table of the rows that need a look. */
export function summaryMarkdown(s: RunSummary): string {
  const t = s.totals;
  const lines = [
    `### Nightly build ${s.build_day}: ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed`,
    '',
    `${t.listed.toLocaleString('en-AU')} cars listed, ${t.rejected.toLocaleString('en-AU')} rows rejected, ${t.uploaded.toLocaleString('en-AU')} files uploaded (${mb(t.uploaded_bytes)}).`,
    '',
  ];
  if (s.problems.length) lines.push('**The run itself failed:**', '', ...s.problems.map((p) => `- ${cell(p)}`), '');
  if (s.notes.length) lines.push('**For ops:**', '', ...s.notes.map((p) => `- ${cell(p)}`), '');
  lines.push(
    '| tenant | status | listed | rejected | photos failed | compliance | uploaded | time |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: | ---: |',
    ...s.tenants.map((r) => {
      const label = isPlatformProblem(r)
        ? `**${r.status} (platform)**`
        : r.status === 'held' || r.status === 'failed'
          ? `**${r.status}**`
          : r.repaired
            ? 'repaired'
            : r.status;
      const up =
        r.publish && r.publish.status === 'published' ? `${r.publish.uploaded} (${mb(r.publish.uploaded_bytes)})` : r.publish?.status === 'live' ? 'live' : '';
      return `| ${r.tenant} | ${label}: ${cell(statusLines(r).join(' '))} | ${r.listed} | ${r.rejected} | ${r.photos_failed} | ${r.compliance ? `${r.compliance.error} errors, ${r.compliance.warning} warnings` : ''} | ${up} | ${secs(r.time_ms)} |`;
    }),
  );
  return `${lines.join('\n')}\n`;
}

export function writeSummary(dir: string, s: RunSummary): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
  writeFileSync(join(dir, 'index.html'), summaryHtml(s));
}
