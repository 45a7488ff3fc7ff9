/**
 * Honest local defaults: nothing is pretended to be sent. E-mails (with their ADF attachment) are
 * written to the local_mail table and SMS to sms_outbox, where `npm run outbox -- mail|sms` shows them.
 */
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/crypto.ts';
import { guardedPost, type OutboundPolicy } from '../lib/outbound.ts';
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

/**
 * POSTs the JSON body over https to a public address (the lead's personal data never goes to plain
 * http, this machine or a private network; functions/lib/outbound.ts); a refused address, a non-2xx
 * answer (redirects included) or a timeout is a failure the outbox retries and then dead-letters.
 */
export function guardedWebhook(policy: OutboundPolicy, timeoutMs = 10_000): WebhookAdapter {
  return {
    async send(req) {
      const res = await guardedPost(req.url, req.body, req.headers, policy, timeoutMs);
      if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status} from the webhook`);
    },
  };
}

/** Reservations without a card: nothing is charged; the dealer sees the reservation on the lead and confirms it. */
export const localPayment: PaymentProvider = {
  name: 'local (dealer confirms, nothing charged)',
  reserve: () => Promise.resolve({ status: 'awaiting-dealer' }),
};
