/**
 * The run summary a person reads after a night: one row per tenant (built / unchanged / held / failed,
 * cars listed, rows rejected with the top reasons, photos failed, pages, bytes, time), problems first,
 * and where the night's time went. Written as <out>/_build/summary.json and a self-contained
 * <out>/_build/index.html; the nightly workflow merges the shards' summaries into one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildReport } from './report.ts';
import type { Finding } from '../../src/lib/compliance/findings.ts';

export type TenantOutcome = 'built' | 'unchanged' | 'held' | 'failed';

export interface TenantRow {
  tenant: string;
  status: TenantOutcome;
  /** One line: why it was held or failed. */
  message?: string | undefined;
  listed: number;
  read: number;
  rejected: number;
  /** The largest rejection groups, one line each. */
  top_reasons: string[];
  photos_failed: number;
  pages: number;
  output_bytes: number;
  /** Filled in by the publish step when it runs. */
  bytes_uploaded?: number | undefined;
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
  totals: Record<TenantOutcome, number> & {
    tenants: number;
    listed: number;
    rejected: number;
    photos_failed: number;
    compliance_errors: number;
    compliance_warnings: number;
  };
  /** Milliseconds per phase across every tenant (skipped tenants count under "unchanged"). */
  time_by_phase: Record<string, number>;
  tenants: TenantRow[];
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
  return {
    tenant: r.tenant,
    status,
    message:
      status === 'held'
        ? r.held?.reason
        : status === 'failed'
          ? r.error?.message.split('\n')[0]
          : r.valid_until
            ? `pages stand until ${r.valid_until}`
            : undefined,
    listed: r.records.listed,
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

/** Problems first (failed, held), then built tenants with rejections, then the rest; by name within. */
export function sortRows(rows: TenantRow[]): TenantRow[] {
  return [...rows].sort((a, b) => ORDER[a.status] - ORDER[b.status] || Number(b.rejected > 0) - Number(a.rejected > 0) || a.tenant.localeCompare(b.tenant));
}

export function summarise(rows: TenantRow[], meta: { build_day: string; duration_ms: number; shards?: string[] }): RunSummary {
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
  };
  const time: Record<string, number> = {};
  for (const r of rows) {
    totals[r.status]++;
    totals.listed += r.listed;
    totals.rejected += r.rejected;
    totals.photos_failed += r.photos_failed;
    totals.compliance_errors += r.compliance?.error ?? 0;
    totals.compliance_warnings += r.compliance?.warning ?? 0;
    if (r.status === 'unchanged') time['unchanged'] = (time['unchanged'] ?? 0) + r.time_ms;
    else for (const [phase, ms] of Object.entries(r.timings_ms)) if (phase !== 'total') time[phase] = (time[phase] ?? 0) + ms;
  }
  return {
    generated_at: new Date().toISOString(),
    build_day: meta.build_day,
    duration_ms: meta.duration_ms,
    shards: meta.shards ?? [],
    totals,
    time_by_phase: time,
    tenants: sortRows(rows),
  };
}

/** One summary from the shards' summaries (the nightly workflow's last job). */
export function mergeSummaries(parts: RunSummary[]): RunSummary {
  const rows = parts.flatMap((p) => p.tenants);
  const merged = summarise(rows, {
    build_day: parts[0]?.build_day ?? '',
    duration_ms: Math.max(0, ...parts.map((p) => p.duration_ms)),
    shards: parts.flatMap((p) => p.shards),
  });
  return merged;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A horizontal stacked bar (inline SVG) of where the time went, with a legend. */
function timeChart(time: Record<string, number>): string {
  const colours: Record<string, string> = {
    config: '#9aa5b1',
    ingest: '#3b82f6',
    images: '#f59e0b',
    render: '#10b981',
    compliance: '#ef4444',
    publish: '#8b5cf6',
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
  return `<svg viewBox="0 0 600 24" width="600" height="24" role="img" aria-label="Where the time went">${bars}</svg><ul class="legend">${legend}</ul>`;
}

/** Errors and warnings of one tenant, with the first messages (the report has them all). */
function complianceCell(r: TenantRow): string {
  const c = r.compliance ?? { error: 0, warning: 0, messages: [] };
  if (c.error + c.warning === 0) return r.status === 'built' || r.status === 'unchanged' || r.status === 'held' ? 'none' : '';
  return `<span class="errors">${c.error} error${c.error === 1 ? '' : 's'}</span>, <span class="warnings">${c.warning} warning${c.warning === 1 ? '' : 's'}</span><ul>${c.messages.map((m) => `<li>${esc(m)}</li>`).join('')}</ul>`;
}

/** The summary as one self-contained HTML page (no scripts, no external files). */
export function summaryHtml(s: RunSummary): string {
  const t = s.totals;
  const rows = s.tenants
    .map(
      (r) => `<tr class="${r.status}">
<td>${esc(r.tenant)}${r.shard ? `<br><small>shard ${esc(r.shard)}</small>` : ''}</td>
<td><b>${r.status}</b>${r.message ? `<br><small>${esc(r.message)}</small>` : ''}</td>
<td class="n">${r.listed.toLocaleString('en-AU')}</td>
<td class="n">${r.rejected.toLocaleString('en-AU')}${r.top_reasons.length ? `<br><small>${r.top_reasons.map(esc).join('<br>')}</small>` : ''}</td>
<td class="n">${r.photos_failed}</td>
<td class="compliance">${complianceCell(r)}</td>
<td class="n">${r.pages.toLocaleString('en-AU')}</td>
<td class="n">${r.bytes_uploaded === undefined ? '' : mb(r.bytes_uploaded)}</td>
<td class="n">${secs(r.time_ms)}</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Build summary ${esc(s.build_day)}: ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:24px;color:#111}h1{font-size:1.4rem;margin:0 0 4px}
.totals{display:flex;gap:12px;flex-wrap:wrap;margin:12px 0}.totals div{border:1px solid #ddd;border-radius:6px;padding:8px 12px}
.totals b{display:block;font-size:1.3rem}table{border-collapse:collapse;width:100%;margin-top:16px}
th,td{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f9fafb}
td.n{text-align:right;font-variant-numeric:tabular-nums}td.n small{display:block;text-align:left;margin-top:4px}small{color:#555}tr.failed td:nth-child(2){color:#b91c1c}
tr.held td:nth-child(2){color:#b45309}tr.unchanged{color:#6b7280}.legend{list-style:none;padding:0;display:flex;gap:14px;flex-wrap:wrap;font-size:13px}
.compliance .errors{color:#b91c1c}.compliance .warnings{color:#b45309}.compliance ul{margin:4px 0 0;padding-left:16px;font-size:12px}
.legend span{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
</style></head><body>
<h1>Build summary for ${esc(s.build_day)}</h1>
<p>${esc(new Date(s.generated_at).toUTCString())}, ${secs(s.duration_ms)}${s.shards.length ? `, shards ${esc(s.shards.join(', '))}` : ''}</p>
<div class="totals"><div><b>${t.tenants}</b>tenants</div><div><b>${t.built}</b>built</div><div><b>${t.unchanged}</b>unchanged</div><div><b>${t.held}</b>held</div><div><b>${t.failed}</b>failed</div><div><b>${t.listed.toLocaleString('en-AU')}</b>cars listed</div><div><b>${t.rejected.toLocaleString('en-AU')}</b>rows rejected</div><div><b>${t.photos_failed}</b>photos failed</div><div><b>${t.compliance_errors}</b>compliance errors</div><div><b>${t.compliance_warnings}</b>compliance warnings</div></div>
<h2>Where the time went</h2>
${timeChart(s.time_by_phase)}
<table><thead><tr><th>tenant</th><th>status</th><th>cars listed</th><th>rows rejected</th><th>photos failed</th><th>compliance</th><th>pages</th><th>uploaded</th><th>time</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p><small>Compliance findings are aids, not legal advice; each rule and its source: docs/compliance.md. An error holds the tenant's publish.</small></p>
<p><small>Each tenant's full report: _build/&lt;slug&gt;/report.json. Held: the published site was kept; see the reason and run again, or publish anyway with --accept &lt;slug&gt;.</small></p>
</body></html>
`;
}

/** A short markdown table for a CI run page ($GITHUB_STEP_SUMMARY). */
export function summaryMarkdown(s: RunSummary): string {
  const t = s.totals;
  const lines = [
    `### Nightly build ${s.build_day}: ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed`,
    '',
    '| tenant | status | listed | rejected | photos failed | compliance | time |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: |',
    ...s.tenants.map(
      (r) =>
        `| ${r.tenant} | ${r.status}${r.message ? `: ${r.message.replace(/\|/g, '\\|')}` : ''} | ${r.listed} | ${r.rejected} | ${r.photos_failed} | ${r.compliance ? `${r.compliance.error} errors, ${r.compliance.warning} warnings` : ''} | ${secs(r.time_ms)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export function writeSummary(dir: string, s: RunSummary): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
  writeFileSync(join(dir, 'index.html'), summaryHtml(s));
}
