/**
 * Lead and alert delivery through an outbox. The leads route writes one row per channel (e-mail with
 * an ADF attachment, JSON webhook) in the same transaction as the lead; the nightly fleet job writes
 * an alert and one row per target the same way (enqueueAlert). A worker claims due rows, sends them
 * and marks them delivered, or schedules a retry with exponential backoff, or dead-letters them
 * after the last attempt. A crash between the lead's 201 and delivery loses nothing: the row is
 * still pending after a restart. A crash mid-send is retried once the claim expires, so a receiver
 * may see a message twice: webhooks carry the outbox id as Idempotency-Key to let it de-duplicate.
 */
import { dealerError } from '../../src/lib/errors/errors-data.ts';
import { toNationalNumber } from '../../src/lib/phone/au-phone.ts';
import type { Adapters, EmailMessage, WebhookRequest } from '../adapters/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { toDate } from '../db/types.ts';
import { AlertInvalid } from '../errors.ts';
import type { AppOptions } from '../options.ts';
import type { Site } from '../registry.ts';
import { buildAdf } from './adf.ts';
import type { Clock } from './clock.ts';
import { hmac, newId } from './crypto.ts';
import { carLine, fullName, type LeadPayload, type StoredLead } from './lead.ts';
import { pruneRateLimits } from './rate-limit.ts';

export type Channel = 'email' | 'webhook';
export type OutboxStatus = 'pending' | 'sending' | 'delivered' | 'dead';

export interface OutboxRow {
  id: string;
  tenant: string;
  /** Exactly one of lead_id and alert_id is set (a CHECK in 003_alerts.sql). */
  lead_id: string | null;
  alert_id: string | null;
  channel: Channel;
  target: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** Where a tenant's leads go: leads.email (else contact.email) and leads.webhook_url. */
export function deliveryTargets(site: Site): { channel: Channel; target: string }[] {
  const out: { channel: Channel; target: string }[] = [];
  const email = site.tenant.leads?.email ?? site.tenant.contact?.email;
  if (email) out.push({ channel: 'email', target: email });
  if (site.tenant.leads?.webhook_url) out.push({ channel: 'webhook', target: site.tenant.leads.webhook_url });
  return out;
}

/** Inside the lead's transaction. */
export async function enqueueLead(tx: Queryable, site: Site, leadId: string, now: Date): Promise<number> {
  const targets = deliveryTargets(site);
  if (targets.length === 0) return 0;
  const n = targets.length * 4;
  const values = targets.map(
    (_, i) => `($${i * 4 + 1}, $${n + 2}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}, 'pending', 0, $${n + 1}, $${n + 1}, $${n + 1})`,
  );
  await tx.query(
    `INSERT INTO outbox (id, tenant, lead_id, channel, target, status, attempts, next_attempt_at, created_at, updated_at) VALUES ${values.join(', ')}`,
    [...targets.flatMap((t) => [newId(), leadId, t.channel, t.target]), now, site.slug],
  );
  return targets.length;
}

/** Seconds before attempt `attempts + 1`: base * 2^(attempts-1), capped. */
export function backoffSec(attempts: number, options: AppOptions['outbox']): number {
  return Math.min(options.maxDelaySec, options.baseDelaySec * 2 ** Math.max(0, attempts - 1));
}

/** One line of text: line breaks, other controls and Unicode line separators become spaces. */
export function oneLine(s: string | undefined): string {
  return (s ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/**
 * The lead e-mail. Every value a visitor typed is written on its own line as one line (a name with a
 * line break cannot add an "Email:" or "Phone:" line of its own), and the comments, which may span
 * lines, are quoted line by line with "> " under their heading.
 */
/**
 * A stable Message-ID for an outbox row's e-mail: derived from the lead (or alert) and the row only, so
 * every retry of the row carries the same one and a receiver (or its mail system) sees a duplicate send
 * as the same message. The right-hand side is the sender's domain (LEADS_FROM_EMAIL).
 */
export function messageIdFor(kind: 'lead' | 'alert', ownerId: string, rowId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'dealer-sites.invalid';
  const clean = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '-');
  return `<${kind}-${clean(ownerId)}.${clean(rowId)}@${domain.toLowerCase()}>`;
}

export function emailFor(lead: StoredLead, row: Pick<OutboxRow, 'id' | 'target'>, from: string) {
  const p: LeadPayload = lead.payload;
  const who = oneLine(fullName(p)) || 'Website visitor';
  const car = oneLine(carLine(p.car));
  const line = (label: string, value: string | undefined | false) => (value ? `${label}: ${oneLine(value)}` : undefined);
  const lines = [
    `New ${oneLine(p.category)} lead from ${oneLine(p.dealer.name)}'s website.`,
    '',
    `Name: ${who}`,
    line('Email', p.email),
    line('Phone', p.phone_e164 ? toNationalNumber(p.phone_e164) : p.phone),
    line('Postcode', p.postcode && `${p.postcode}${p.postcode_place ? ` (${p.postcode_place}, ${p.postcode_state ?? ''})` : ''}`),
    line('Car', car),
    line('Page', p.car?.url),
    line('Subcategory', p.subcategory),
    line('Additional services', p.additional_services.length > 0 && p.additional_services.join(', ')),
    line('Trade-in rego', p.trade_in?.rego && `${p.trade_in.rego} ${p.trade_in.regoState ?? ''}`),
    p.trade_in?.offer_price !== undefined && `Trade-in offer: $${p.trade_in.offer_price}${p.trade_in.offer_accepted ? ' (accepted)' : ''}`,
    `Marketing opt-in: ${p.opt_in ? 'yes' : 'no'}`,
    '',
    p.message
      ? `Comments:\n${p.message
          .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
          .split(/\r\n|\r|\n|\u2028|\u2029/)
          .map((l) => `> ${l}`)
          .join('\n')}`
      : 'No comments.',
    '',
    `Lead ${lead.id}, received ${lead.created_at.toISOString()}. The ADF XML is attached.`,
  ].filter((l): l is string => typeof l === 'string');
  return {
    tenant: lead.tenant,
    outboxId: row.id,
    messageId: messageIdFor('lead', lead.id, row.id, from),
    from,
    to: row.target,
    replyTo: p.email && oneLine(p.email),
    subject: `New ${oneLine(p.category)} lead: ${who}${car ? ` - ${car}` : ''}`.slice(0, 200),
    text: lines.join('\n'),
    attachments: [{ filename: `lead-${lead.id}.adf.xml`, contentType: 'text/xml', content: buildAdf(lead) }],
  };
}

export function webhookFor(lead: StoredLead, row: Pick<OutboxRow, 'id' | 'target'>, secret: string | undefined): WebhookRequest {
  const body = JSON.stringify({
    event: 'lead.created',
    lead_id: lead.id,
    tenant: lead.tenant,
    created_at: lead.created_at.toISOString(),
    lead: lead.payload,
  });
  return signedWebhook(row, body, { 'x-lead-id': lead.id }, secret);
}

/** Every outbox webhook's headers: the row id is the same on every retry, so the receiver can de-duplicate on it. */
function signedWebhook(row: Pick<OutboxRow, 'id' | 'target'>, body: string, about: Record<string, string>, secret: string | undefined): WebhookRequest {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': row.id,
    ...about,
    'user-agent': 'dealer-sites-outbox/1',
  };
  if (secret) headers['x-signature'] = `sha256=${hmac(secret, body)}`;
  return { url: row.target, body, headers };
}

/** An alert about the nightly fleet build; `tenant` is the tenant slug or a platform-wide name such as `_ops`. */
export interface AlertMessage {
  /** The caller's deterministic key (e.g. `2026-11-26:demo-x:held`): the same alert raised again queues nothing. */
  id: string;
  tenant: string;
  /** The webhook's event is `fleet.<kind>` (held, still-held, repaired, digest...). */
  kind: string;
  subject: string;
  text: string;
  /** Spread into the webhook body beside the fields below, so it may not use their names. */
  payload: Record<string, unknown>;
}

export interface AlertTarget {
  channel: Channel;
  target: string;
}

export interface StoredAlert extends AlertMessage {
  created_at: Date;
}

const ALERT_WEBHOOK_FIELDS = ['event', 'alert_id', 'tenant', 'created_at', 'text'];

function alertProblem(alert: AlertMessage, targets: readonly AlertTarget[]): string | undefined {
  if (!alert.id.trim()) return 'the id is empty';
  if (!alert.tenant.trim()) return 'the tenant is empty';
  if (!alert.kind.trim()) return 'the kind is empty';
  if (!alert.subject.trim()) return 'the subject is empty';
  if (typeof alert.payload !== 'object' || alert.payload === null || Array.isArray(alert.payload)) return 'the payload is not an object';
  const clash = ALERT_WEBHOOK_FIELDS.find((k) => Object.hasOwn(alert.payload, k));
  if (clash) return `payload key "${clash}" is one of the webhook body's own fields (${ALERT_WEBHOOK_FIELDS.join(', ')})`;
  const bad = targets.find((t) => (t.channel !== 'email' && t.channel !== 'webhook') || !t.target.trim());
  if (bad) return `target ${JSON.stringify(bad)} is not an e-mail or webhook with an address`;
  return undefined;
}

/**
 * Stores the alert and one outbox row per target in one transaction; an alert id already stored
 * queues nothing (returns 0), so a re-run of the nightly job sends nothing twice. A target listed
 * twice is queued once. With no targets the alert is still stored (a record that it was raised).
 */
export async function enqueueAlert(db: Db, alert: AlertMessage, targets: readonly AlertTarget[], now: Date): Promise<number> {
  const problem = alertProblem(alert, targets);
  if (problem) throw dealerError(AlertInvalid, alert.id, problem);
  const unique = [...new Map(targets.map((t) => [`${t.channel} ${t.target}`, t])).values()];
  return db.transaction(async (tx) => {
    // ON CONFLICT rather than a SELECT first: two runs racing on one id both wait on the insert,
    // and only the one whose row landed queues anything.
    const stored = await tx.query(
      `INSERT INTO alerts (id, tenant, kind, created_at, subject, text_body, payload) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [alert.id, alert.tenant, alert.kind, now, alert.subject, alert.text, JSON.stringify(alert.payload)],
    );
    if (stored.rows.length === 0 || unique.length === 0) return 0;
    const n = unique.length * 3;
    const values = unique.map((_, i) => `($${i * 3 + 1}, $${n + 2}, $${n + 3}, $${i * 3 + 2}, $${i * 3 + 3}, 'pending', 0, $${n + 1}, $${n + 1}, $${n + 1})`);
    await tx.query(
      `INSERT INTO outbox (id, tenant, alert_id, channel, target, status, attempts, next_attempt_at, created_at, updated_at) VALUES ${values.join(', ')}`,
      [...unique.flatMap((t) => [newId(), t.channel, t.target]), now, alert.tenant, alert.id],
    );
    return unique.length;
  });
}

/** The alert e-mail: plain text, no attachment, no Reply-To (nobody to answer). */
export function alertEmailFor(alert: StoredAlert, row: Pick<OutboxRow, 'id' | 'target'>, from: string): EmailMessage {
  return {
    tenant: alert.tenant,
    outboxId: row.id,
    messageId: messageIdFor('alert', alert.id, row.id, from),
    from,
    to: row.target,
    subject: oneLine(alert.subject).slice(0, 200),
    text: alert.text,
    attachments: [],
  };
}

/** The top-level `text` is what Slack- and Teams-style incoming webhooks display. */
export function alertWebhookFor(alert: StoredAlert, row: Pick<OutboxRow, 'id' | 'target'>, secret: string | undefined): WebhookRequest {
  const own = { event: `fleet.${alert.kind}`, alert_id: alert.id, tenant: alert.tenant, created_at: alert.created_at.toISOString(), text: alert.text };
  // Spread twice: the receiver reads our fields first, and a payload can never pass for another alert or event.
  const body = JSON.stringify({ ...own, ...alert.payload, ...own });
  return signedWebhook(row, body, { 'x-alert-id': alert.id }, secret);
}

export interface DeliveryDeps {
  db: Db;
  adapters: Adapters;
  clock: Clock;
  options: AppOptions;
  /** Where retries, dead letters and worker errors are told (default console.warn/console.error; the production host logs them as JSON). */
  note?: ((level: 'warn' | 'error', line: string) => void) | undefined;
}

const consoleNote = (level: 'warn' | 'error', line: string): void => (level === 'warn' ? console.warn(line) : console.error(line));

export interface DeliveryReport {
  claimed: number;
  delivered: number;
  retried: number;
  dead: number;
}

/** Claims up to `limit` due rows (pending and due, or stuck sending past their claim). */
async function claim(db: Db, now: Date, lockSec: number, limit: number, tenant?: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE outbox SET status = 'sending', attempts = attempts + 1, locked_until = $2, updated_at = $1
     WHERE id IN (
       SELECT id FROM outbox
       WHERE ((status = 'pending' AND next_attempt_at <= $1) OR (status = 'sending' AND locked_until <= $1))
         AND ($4::text IS NULL OR tenant = $4)
       ORDER BY next_attempt_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING id, tenant, lead_id, alert_id, channel, target, status, attempts, next_attempt_at, last_error, created_at, delivered_at`,
    [now, new Date(now.getTime() + lockSec * 1000), limit, tenant ?? null],
  );
  return rows;
}

async function loadLead(db: Db, id: string): Promise<StoredLead | undefined> {
  const { rows } = await db.query<{ id: string; tenant: string; created_at: unknown; payload: LeadPayload }>(
    'SELECT id, tenant, created_at, payload FROM leads WHERE id = $1',
    [id],
  );
  const r = rows[0];
  return r && { id: r.id, tenant: r.tenant, created_at: toDate(r.created_at), payload: r.payload };
}

async function loadAlert(db: Db, id: string): Promise<StoredAlert | undefined> {
  const { rows } = await db.query<{
    id: string;
    tenant: string;
    kind: string;
    created_at: unknown;
    subject: string;
    text_body: string;
    payload: Record<string, unknown>;
  }>('SELECT id, tenant, kind, created_at, subject, text_body, payload FROM alerts WHERE id = $1', [id]);
  const r = rows[0];
  return r && { id: r.id, tenant: r.tenant, kind: r.kind, created_at: toDate(r.created_at), subject: r.subject, text: r.text_body, payload: r.payload };
}

/** What a row is about, as the delivery log names it. */
function rowLabel(row: Pick<OutboxRow, 'lead_id' | 'alert_id'>): string {
  return row.lead_id !== null ? `lead ${row.lead_id}` : `alert ${row.alert_id}`;
}

async function send(row: OutboxRow, { db, adapters, options }: DeliveryDeps): Promise<void> {
  if (row.lead_id !== null) {
    const lead = await loadLead(db, row.lead_id);
    if (!lead) throw new Error('the lead no longer exists');
    if (row.channel === 'email') await adapters.email.send(emailFor(lead, row, options.outbox.fromEmail));
    else await adapters.webhook.send(webhookFor(lead, row, options.outbox.webhookSecret));
    return;
  }
  const alert = row.alert_id !== null ? await loadAlert(db, row.alert_id) : undefined;
  if (!alert) throw new Error('the alert no longer exists');
  if (row.channel === 'email') await adapters.email.send(alertEmailFor(alert, row, options.outbox.fromEmail));
  else await adapters.webhook.send(alertWebhookFor(alert, row, options.outbox.webhookSecret));
}

/**
 * Puts claimed rows that were never sent back in the queue, due now, without counting the attempt
 * (a worker stopping mid-batch: the next run, or another instance, sends them at once instead of after
 * their claim expires).
 */
async function release(db: Db, rows: readonly OutboxRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = rows.map((_, i) => `$${i + 2}`).join(', ');
  const r = await db.query(
    `UPDATE outbox SET status = 'pending', attempts = GREATEST(attempts - 1, 0), locked_until = NULL, next_attempt_at = $1, updated_at = $1
     WHERE status = 'sending' AND id IN (${ids})`,
    [now, ...rows.map((row) => row.id)],
  );
  return r.rowCount;
}

export interface DeliverOptions {
  limit?: number;
  tenant?: string;
  /** Checked before each row: once true, the row being sent finishes and the rest of the batch is released unsent. */
  stopping?: () => boolean;
}

/** Sends what is due once. Safe to run from several processes at once (rows are claimed). */
export async function deliverDue(deps: DeliveryDeps, opts: DeliverOptions = {}): Promise<DeliveryReport> {
  const { db, clock, options } = deps;
  const report: DeliveryReport = { claimed: 0, delivered: 0, retried: 0, dead: 0 };
  const rows = await claim(db, clock.now(), options.outbox.lockSec, opts.limit ?? 25, opts.tenant);
  report.claimed = rows.length;
  for (const [i, row] of rows.entries()) {
    if (opts.stopping?.()) {
      await release(db, rows.slice(i), clock.now());
      break;
    }
    let error: string | undefined;
    try {
      await send(row, deps);
    } catch (err) {
      error = ((err as Error).message || 'unknown error').slice(0, 500);
    }
    const now = clock.now();
    if (error === undefined) {
      await db.query("UPDATE outbox SET status = 'delivered', delivered_at = $2, updated_at = $2, locked_until = NULL, last_error = NULL WHERE id = $1", [
        row.id,
        now,
      ]);
      report.delivered++;
    } else if (row.attempts >= options.outbox.maxAttempts) {
      await db.query("UPDATE outbox SET status = 'dead', last_error = $2, updated_at = $3, locked_until = NULL WHERE id = $1", [row.id, error, now]);
      report.dead++;
      (deps.note ?? consoleNote)('error', `[outbox] ${row.channel} for ${rowLabel(row)} (${row.tenant}) dead after ${row.attempts} attempts: ${error}`);
    } else {
      const next = new Date(now.getTime() + backoffSec(row.attempts, options.outbox) * 1000);
      await db.query("UPDATE outbox SET status = 'pending', last_error = $2, next_attempt_at = $3, updated_at = $4, locked_until = NULL WHERE id = $1", [
        row.id,
        error,
        next,
        now,
      ]);
      report.retried++;
      (deps.note ?? consoleNote)(
        'warn',
        `[outbox] ${row.channel} for ${rowLabel(row)} (${row.tenant}) failed (attempt ${row.attempts}), retry at ${next.toISOString()}: ${error}`,
      );
    }
  }
  return report;
}

/** Sends everything due, batch after batch, until nothing is left (bounded), or until `stopping()`. */
export async function drain(deps: DeliveryDeps, maxBatches = 100, stopping?: () => boolean): Promise<DeliveryReport> {
  const total: DeliveryReport = { claimed: 0, delivered: 0, retried: 0, dead: 0 };
  for (let i = 0; i < maxBatches && !stopping?.(); i++) {
    const r = await deliverDue(deps, stopping ? { stopping } : {});
    total.claimed += r.claimed;
    total.delivered += r.delivered;
    total.retried += r.retried;
    total.dead += r.dead;
    if (r.claimed === 0) break;
  }
  return total;
}

/** Staff: put dead (or given) rows back in the queue, due now, with a fresh attempt count. */
export async function requeue(db: Db, now: Date, which: { ids?: readonly string[]; deadOfTenant?: string | null }): Promise<number> {
  if (which.ids?.length) {
    let n = 0;
    for (const id of which.ids) {
      const r = await db.query(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $2, updated_at = $2, locked_until = NULL WHERE id = $1 AND status <> 'delivered'",
        [id, now],
      );
      n += r.rowCount;
    }
    return n;
  }
  const r = await db.query(
    "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, updated_at = $1, locked_until = NULL WHERE status = 'dead' AND ($2::text IS NULL OR tenant = $2)",
    [now, which.deadOfTenant ?? null],
  );
  return r.rowCount;
}

/**
 * The long-running host's worker: a tick every `intervalMs`, and kick() right after a lead is stored,
 * so delivery normally starts within milliseconds of the 201.
 */
export class OutboxWorker {
  readonly #deps: DeliveryDeps;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #lastPrune = 0;

  constructor(deps: DeliveryDeps, intervalMs = 5000) {
    this.#deps = deps;
    this.#intervalMs = intervalMs;
  }

  start(): this {
    this.#timer = setInterval(() => this.kick(), this.#intervalMs);
    this.#timer.unref();
    this.kick();
    return this;
  }

  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** True while a batch is in progress (what a shutdown cut at its deadline would interrupt). */
  get busy(): boolean {
    return this.#running !== undefined;
  }

  async #run(): Promise<void> {
    try {
      await drain(this.#deps, 20, () => this.#stopped);
      const now = this.#deps.clock.now().getTime();
      if (now - this.#lastPrune > 3600_000) {
        this.#lastPrune = now;
        await pruneRateLimits(this.#deps.db, this.#deps.clock.now());
      }
    } catch (err) {
      if (!this.#stopped) (this.#deps.note ?? consoleNote)('error', `[outbox] worker error: ${(err as Error).message}`);
    }
  }

  /**
   * Stops: the message being sent finishes, the rest of its batch goes back to the queue unsent
   * (pending, due now), and no new batch starts. Resolves when that is done.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#running;
  }
}
