/**
 * Staff: lead and alert deliveries (the outbox) and the local mailbox/SMS outbox.
 *   npm run outbox -- list [--tenant <slug>] [--status undelivered (default)|pending|sending|dead|delivered|all] [--json]
 *   npm run outbox -- retry <outbox-id>... | --dead [--tenant <slug>]   put messages back in the queue, due now
 *   npm run outbox -- deliver [--tenant <slug>]                          send what is due now (a cron alternative)
 *   npm run outbox -- mail [--tenant <slug>] [--json]                    e-mails the local adapter kept (leads with ADF, alerts)
 *   npm run outbox -- sms  [--tenant <slug>] [--json]                    SMS the local adapter kept (sign-in codes)
 * Storage: DATABASE_URL, else PGlite in --data, .data/<slug>, or every .data/<slug>/ (stop `npm run serve` first).
 */
import { adaptersFromEnv } from '../functions/adapters/index.ts';
import { systemClock } from '../functions/lib/clock.ts';
import { drain, requeue, type OutboxStatus } from '../functions/lib/outbox.ts';
import { outboxOptionsFromEnv, resolveOptions } from '../functions/options.ts';
import { formatLocalMail, listLocalMail, listLocalSms, listOutbox, openStaffDbs, outboxAbout, toTable } from '../functions/staff.ts';
import { parseCliWithPositionals } from './lib/cli.ts';

const STATUSES = ['undelivered', 'pending', 'sending', 'dead', 'delivered', 'all'];
const COMMANDS = ['list', 'retry', 'deliver', 'mail', 'sms'];
const USAGE = `
Usage: npm run outbox -- list|retry|deliver|mail|sms [--tenant <slug>] [--status ${STATUSES.join('|')}] [--dead] [--json] [--data dir]

  list                     the lead and alert deliveries (--status, default undelivered)
  retry <outbox-id>...     put these messages back in the queue, due now
  retry --dead             put every dead message (of --tenant) back in the queue
  deliver                  send what is due now (a cron alternative)
  mail                     the e-mails the local adapter kept (leads with ADF attached, alerts)
  sms                      the SMS the local adapter kept (sign-in codes)

  --tenant <slug>   only this tenant
  --status <s>      for list: ${STATUSES.join(', ')} (default: undelivered)
  --dead            for retry: every dead message
  --json            print JSON (list, mail, sms)
  --data <dir>      the PGlite folder (default: .data/<slug>, or every .data/<slug>/); DATABASE_URL wins when set
  -h, --help        show this help
`;
const { values: flags, positionals } = parseCliWithPositionals(USAGE, {
  tenant: { type: 'string' },
  status: { type: 'string' },
  dead: { type: 'boolean' },
  json: { type: 'boolean' },
  data: { type: 'string' },
});
function usageError(message: string): never {
  console.error(`error: ${message}\n\n${USAGE.trim()}`);
  process.exit(2);
}
const [command, ...ids] = positionals;
if (!command) usageError(`give a command: ${COMMANDS.join(', ')}`);
if (!COMMANDS.includes(command)) usageError(`unknown command "${command}" (expected one of ${COMMANDS.join(', ')})`);
if (command !== 'retry' && ids.length) usageError(`unexpected argument "${ids[0]}"`);
const tenant = flags.tenant;
const json = flags.json === true;
const status = flags.status ?? 'undelivered';
if (!STATUSES.includes(status)) {
  console.error(`--status must be one of ${STATUSES.join(', ')}`);
  process.exit(2);
}
if (command === 'retry' && ids.length === 0 && !flags.dead) {
  console.error('retry: give outbox ids, or --dead to requeue every dead message');
  process.exit(2);
}

const iso = (d: Date | null) => (d ? d.toISOString().replace('.000Z', 'Z') : '');

try {
  const stores = await openStaffDbs({ databaseUrl: process.env['DATABASE_URL'], dataDir: flags.data, tenant });
  if (stores.length === 0) console.log('No databases found under .data/ (nothing stored yet).');
  for (const { label, db } of stores) {
    try {
      if (!json) console.log(`== ${label}`);
      if (command === 'list') {
        const rows = await listOutbox(db, { tenant, status: status as OutboxStatus | 'all' | 'undelivered' });
        if (json) console.log(JSON.stringify(rows, null, 2));
        else {
          console.log(`${rows.length} message(s) (${status})`);
          if (rows.length)
            console.log(
              toTable(
                rows.map((r) => ({
                  id: r.id,
                  tenant: r.tenant,
                  lead: outboxAbout(r),
                  channel: r.channel,
                  to: r.target,
                  status: r.status,
                  attempts: String(r.attempts),
                  next: r.status === 'pending' ? iso(r.next_attempt_at) : '',
                  error: r.last_error ?? '',
                })),
                ['id', 'tenant', 'lead', 'channel', 'to', 'status', 'attempts', 'next', 'error'],
              ),
            );
        }
      } else if (command === 'retry') {
        const n = await requeue(db, systemClock.now(), ids.length ? { ids } : { deadOfTenant: tenant ?? null });
        console.log(`${n} message(s) queued again; they are sent by the running server's worker, or now with: npm run outbox -- deliver`);
      } else if (command === 'deliver') {
        const options = resolveOptions({
          secret: 'unused-by-delivery',
          outbox: outboxOptionsFromEnv(process.env),
        });
        const report = await drain({ db, adapters: adaptersFromEnv(process.env, db, systemClock), clock: systemClock, options });
        console.log(`claimed ${report.claimed}, delivered ${report.delivered}, retried later ${report.retried}, dead ${report.dead}`);
      } else if (command === 'mail') {
        const mail = await listLocalMail(db, tenant);
        if (json) console.log(JSON.stringify(mail, null, 2));
        else if (mail.length) console.log(formatLocalMail(mail));
        if (!json) console.log(`${mail.length} e-mail(s) in the local mailbox`);
      } else {
        const sms = await listLocalSms(db, tenant);
        if (json) console.log(JSON.stringify(sms, null, 2));
        else
          console.log(
            toTable(
              sms.map((s) => ({ at: iso(s.created_at), tenant: s.tenant, phone: s.phone, body: s.body })),
              ['at', 'tenant', 'phone', 'body'],
            ),
          );
      }
    } finally {
      await db.close();
    }
  }
} catch (err) {
  const e = err as Error & { hint?: string };
  console.error(e.message);
  if (e.hint) console.error(`hint: ${e.hint}`);
  process.exit(1);
}
