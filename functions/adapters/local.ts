/**
 * Honest local defaults: nothing is pretended to be sent. E-mails (with their ADF attachment) are
 * written to the local_mail table and SMS to sms_outbox, where `npm run outbox -- mail|sms` shows them.
 */
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/crypto.ts';
import type { EmailAdapter, PaymentProvider, SmsAdapter, WebhookAdapter } from './types.ts';

export function localEmail(db: Db, clock: Clock): EmailAdapter {
  return {
    name: 'local mailbox (local_mail table)',
    async send(m) {
      await db.query(
        `INSERT INTO local_mail (id, tenant, outbox_id, created_at, mail_from, mail_to, subject, text_body, attachments)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
        [newId(), m.tenant, m.outboxId, clock.now(), m.from, m.to, m.subject, m.text, JSON.stringify(m.attachments)],
      );
    },
  };
}

export function localSms(db: Db, clock: Clock): SmsAdapter {
  return {
    name: 'local SMS outbox (sms_outbox table)',
    async send(m) {
      await db.query('INSERT INTO sms_outbox (id, tenant, phone, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
        newId(),
        m.tenant,
        m.phone,
        m.body,
        clock.now(),
      ]);
    },
  };
}

/** POSTs the JSON body; a non-2xx answer or a timeout is a failure the outbox retries. */
export function fetchWebhook(timeoutMs = 10_000): WebhookAdapter {
  return {
    async send(req) {
      const res = await fetch(req.url, {
        method: 'POST',
        headers: req.headers,
        body: req.body,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`HTTP ${res.status} from the webhook`);
    },
  };
}

/** Reservations without a card: nothing is charged; the dealer sees the reservation on the lead and confirms it. */
export const localPayment: PaymentProvider = {
  name: 'local (dealer confirms, nothing charged)',
  reserve: () => Promise.resolve({ status: 'awaiting-dealer' }),
};
