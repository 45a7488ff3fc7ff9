import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { autograbGauge, httpSms, postmarkEmail, youxQuote } from './http.ts';
import { fetchWebhook, localEmail, localSms } from './local.ts';
import type { Adapters } from './types.ts';

export type * from './types.ts';

type Env = Record<string, string | undefined>;

/**
 * Adapters chosen by environment variables; each falls back to its honest local default:
 *   POSTMARK_SERVER_TOKEN        e-mail through Postmark (else the local_mail table)
 *   SMS_API_URL + SMS_API_KEY    SMS through an HTTP gateway, from SMS_FROM (else the sms_outbox table)
 *   YOUX_API_KEY (+ YOUX_API_URL or the tenant's finance.youx_api_url)   finance quotes from YouX
 *   AUTOGRAB_API_URL + AUTOGRAB_API_KEY   price gauge from AutoGrab (tenants with plugins.autogauge)
 */
export function adaptersFromEnv(env: Env, db: Db, clock: Clock): Adapters {
  const postmark = env['POSTMARK_SERVER_TOKEN'];
  const smsUrl = env['SMS_API_URL'];
  const smsKey = env['SMS_API_KEY'];
  const youxKey = env['YOUX_API_KEY'];
  const autograbUrl = env['AUTOGRAB_API_URL'];
  const autograbKey = env['AUTOGRAB_API_KEY'];
  return {
    email: postmark ? postmarkEmail(postmark) : localEmail(db, clock),
    webhook: fetchWebhook(),
    sms: smsUrl && smsKey ? httpSms(smsUrl, smsKey, env['SMS_FROM'] ?? 'Dealer') : localSms(db, clock),
    quote: youxKey ? youxQuote(env['YOUX_API_URL'], youxKey) : undefined,
    gauge: autograbUrl && autograbKey ? autograbGauge(autograbUrl, autograbKey) : undefined,
  };
}

/** Every adapter local: what tests and `npm run serve` use unless the environment says otherwise. */
export function localAdapters(db: Db, clock: Clock): Adapters {
  return { email: localEmail(db, clock), webhook: fetchWebhook(), sms: localSms(db, clock) };
}
