/**
 * What the staff tools (npm run leads, npm run outbox) read and change: every lead of a tenant with
 * its delivery state, every message (lead or alert) not yet delivered, the local mailbox and SMS outbox.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toNationalNumber } from '../src/lib/phone/au-phone.ts';
import { openDb, type Db } from './db/index.ts';
import { toDate } from './db/types.ts';
import { carLine, type LeadPayload } from './lib/lead.ts';
import type { OutboxRow, OutboxStatus } from './lib/outbox.ts';

export interface LeadRow {
  id: string;
  tenant: string;
  created_at: Date;
  payload: LeadPayload;
  delivery: { channel: string; status: OutboxStatus; attempts: number; last_error: string | null }[];
}

export async function listLeads(db: Db, tenant: string, opts: { since?: Date | undefined; limit?: number | undefined } = {}): Promise<LeadRow[]> {
  const { rows } = await db.query<{ id: string; tenant: string; created_at: unknown; payload: LeadPayload; delivery: LeadRow['delivery'] | null }>(
    `SELECT l.id, l.tenant, l.created_at, l.payload,
       (SELECT json_agg(json_build_object('channel', o.channel, 'status', o.status, 'attempts', o.attempts, 'last_error', o.last_error) ORDER BY o.channel)
          FROM outbox o WHERE o.lead_id = l.id) AS delivery
     FROM leads l
     WHERE l.tenant = $1 AND ($2::timestamptz IS NULL OR l.created_at >= $2)
     ORDER BY l.created_at DESC, l.id
     LIMIT $3`,
    [tenant, opts.since ?? null, opts.limit ?? 1_000_000],
  );
  return rows.map((r) => ({ ...r, created_at: toDate(r.created_at), delivery: r.delivery ?? [] }));
}

/** An outbox row as staff see it: the outbox's own row shape. */
export type OutboxListRow = OutboxRow;

/** What a message is about, in one column: the lead id, or `alert:<id>`. */
export function outboxAbout(row: Pick<OutboxRow, 'lead_id' | 'alert_id'>): string {
  return row.lead_id ?? `alert:${row.alert_id ?? ''}`;
}

export async function listOutbox(
  db: Db,
  opts: { tenant?: string | undefined; status?: OutboxStatus | 'all' | 'undelivered' | undefined } = {},
): Promise<OutboxListRow[]> {
  const status = opts.status ?? 'undelivered';
  const { rows } = await db.query<OutboxListRow>(
    `SELECT id, tenant, lead_id, alert_id, channel, target, status, attempts, next_attempt_at, last_error, created_at, delivered_at
     FROM outbox
     WHERE ($1::text IS NULL OR tenant = $1)
       AND ($2 = 'all' OR ($2 = 'undelivered' AND status <> 'delivered') OR status = $2)
     ORDER BY created_at DESC, id`,
    [opts.tenant ?? null, status],
  );
  return rows.map((r) => ({
    ...r,
    next_attempt_at: toDate(r.next_attempt_at),
    created_at: toDate(r.created_at),
    delivered_at: r.delivered_at && toDate(r.delivered_at),
  }));
}

export async function listLocalMail(db: Db, tenant?: string) {
  const { rows } = await db.query<{
    id: string;
    tenant: string;
    created_at: Date;
    mail_from: string;
    mail_to: string;
    subject: string;
    text_body: string;
    attachments: { filename: string; content: string }[];
  }>(
    'SELECT id, tenant, created_at, mail_from, mail_to, subject, text_body, attachments FROM local_mail WHERE ($1::text IS NULL OR tenant = $1) ORDER BY created_at DESC, id',
    [tenant ?? null],
  );
  return rows;
}

/** The local mailbox as `npm run outbox -- mail` prints it, terminal-safe. */
export function formatLocalMail(mail: Awaited<ReturnType<typeof listLocalMail>>): string {
  const iso = (d: Date) => toDate(d).toISOString().replace('.000Z', 'Z');
  return mail
    .map(
      (m) =>
        `--- ${iso(m.created_at)} to ${terminalSafe(m.mail_to)}\nSubject: ${terminalSafe(m.subject)}\nAttachments: ${m.attachments.map((a) => terminalSafe(a.filename)).join(', ') || 'none'}\n\n${terminalSafe(m.text_body, true)}\n`,
    )
    .join('\n');
}

export async function listLocalSms(db: Db, tenant?: string) {
  const { rows } = await db.query<{ id: string; tenant: string; phone: string; body: string; created_at: Date }>(
    'SELECT id, tenant, phone, body, created_at FROM sms_outbox WHERE ($1::text IS NULL OR tenant = $1) ORDER BY created_at DESC, id',
    [tenant ?? null],
  );
  return rows;
}

/**
 * Text as a terminal may print it: escape sequences (ESC, CSI), other C0/C1 controls and bidi
 * overrides removed, so a lead cannot recolour, move the cursor, rewrite earlier lines or set the
 * window title of the staff member's terminal. Line breaks and tabs stay only when `multiline`.
 */
export function terminalSafe(s: string, multiline = false): string {
  const out = s.replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g, '');
  return multiline ? out.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '') : out.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

/** One row per lead, spreadsheet-friendly. */
export function leadRecord(l: LeadRow): Record<string, string> {
  const p = l.payload;
  return {
    lead_id: l.id,
    created_at: l.created_at.toISOString(),
    category: p.category,
    subcategory: p.subcategory ?? '',
    name: p.name,
    last_name: p.last_name ?? '',
    email: p.email ?? '',
    phone: p.phone_e164 ? toNationalNumber(p.phone_e164) : (p.phone ?? ''),
    postcode: p.postcode ?? '',
    message: p.message ?? '',
    opt_in: p.opt_in ? 'yes' : 'no',
    car_id: p.car_id ?? '',
    car: carLine(p.car),
    dealership_slug: p.dealership_slug ?? '',
    location: p.location ?? '',
    additional_services: p.additional_services.join('; '),
    trade_in_rego: p.trade_in?.rego ?? '',
    trade_in_offer: p.trade_in?.offer_price !== undefined ? String(p.trade_in.offer_price) : '',
    event_id: p.event_id !== undefined ? String(p.event_id) : '',
    url: p.url ?? '',
    source: p.source,
    related_lead_id: p.lead_id ?? '',
    extra: Object.entries(p.extra)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    delivery: l.delivery.map((d) => `${d.channel}:${d.status}${d.status === 'delivered' ? '' : ` (${d.attempts} attempts)`}`).join(' '),
  };
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export function toCsv(records: readonly Record<string, string>[]): string {
  const first = records[0];
  if (!first) return '';
  const headers = Object.keys(first);
  const cell = (value: string) => {
    const raw = terminalSafe(value, true);
    const s = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[headers.join(','), ...records.map((r) => headers.map((h) => cell(r[h] ?? '')).join(','))].join('\r\n')}\r\n`;
}

/** Fixed-width text table for a terminal. */
export function toTable(records: readonly Record<string, string>[], columns: readonly string[]): string {
  const widths = columns.map((c) => Math.min(40, Math.max(c.length, ...records.map((r) => terminalSafe(r[c] ?? '').length))));
  const fit = (s: string, w: number) => (s.length > w ? `${s.slice(0, w - 1)}…` : s.padEnd(w));
  const line = (r: Record<string, string>) =>
    columns
      .map((c, i) => fit(terminalSafe(r[c] ?? '').replace(/\s+/g, ' '), widths[i] ?? 10))
      .join('  ')
      .trimEnd();
  return [line(Object.fromEntries(columns.map((c) => [c, c.toUpperCase()]))), ...records.map(line)].join('\n');
}

export interface StaffDb {
  label: string;
  db: Db;
}

/**
 * The databases a staff command looks at: DATABASE_URL (one database, every tenant), else PGlite
 * under --data, else .data/<tenant>, else every .data/<slug>/ that has a database.
 */
export async function openStaffDbs(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  tenant?: string | undefined;
  dataRoot?: string | undefined;
}): Promise<StaffDb[]> {
  if (opts.databaseUrl) {
    const db = await openDb({ databaseUrl: opts.databaseUrl, poolSize: 2 });
    return [{ label: db.description, db }];
  }
  const root = resolve(opts.dataRoot ?? '.data');
  const dirs = opts.dataDir
    ? [resolve(opts.dataDir)]
    : opts.tenant
      ? [join(root, opts.tenant)]
      : existsSync(root)
        ? readdirSync(root)
            .map((d) => join(root, d))
            .filter((d) => existsSync(join(d, 'pglite')))
        : [];
  const out: StaffDb[] = [];
  for (const dir of dirs) {
    if (!existsSync(join(dir, 'pglite'))) throw new Error(`No database in ${dir}: nothing has been stored there yet (is the tenant right?).`);
    const db = await openDb({ dataDir: dir });
    out.push({ label: db.description, db });
  }
  return out;
}
