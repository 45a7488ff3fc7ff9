import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { outboundPolicyFromEnv } from '../lib/outbound.ts';
import { autograbGauge, httpSms, postmarkEmail, youxQuote } from './http.ts';
import { guardedWebhook, localEmail, localSms } from './local.ts';
import type { Adapters } from './types.ts';

export type * from './types.ts';

type Env = Record<string, string | undefined>;

/**
 * Adapters chosen by environment variables; each falls back to its honest local default:
 *   POSTMARK_SERVER_TOKEN        e-mail through Postmark (else the local_mail table)
 *   SMS_API_URL + SMS_API_KEY    SMS through an HTTP gateway, from SMS_FROM (else the sms_outbox table)
 *   YOUX_API_KEY + YOUX_API_URL  finance quotes from YouX (a tenant's finance.youx_api_url only on a
 *                                host of YOUX_API_URL or YOUX_ALLOWED_HOSTS)
 *   AUTOGRAB_API_URL + AUTOGRAB_API_KEY   price gauge from AutoGrab (tenants with plugins.autogauge)
 * Every outgoing request goes over https to a public address (DEV_ALLOW_LOOPBACK=1 also allows
 * loopback, for development and tests): functions/lib/outbound.ts.
 */
export function adaptersFromEnv(env: Env, db: Db, clock: Clock): Adapters {
  const postmark = env['POSTMARK_SERVER_TOKEN'];
  const smsUrl = env['SMS_API_URL'];
  const smsKey = env['SMS_API_KEY'];
  const youxKey = env['YOUX_API_KEY'];
  const autograbUrl = env['AUTOGRAB_API_URL'];
  const autograbKey = env['AUTOGRAB_API_KEY'];
  const policy = outboundPolicyFromEnv(env);
  return {
    email: postmark ? postmarkEmail(postmark, env['POSTMARK_API_URL'] ?? undefined, policy) : localEmail(db, clock),
    webhook: guardedWebhook(policy),
    sms: smsUrl && smsKey ? httpSms(smsUrl, smsKey, env['SMS_FROM'] ?? 'Dealer', policy) : localSms(db, clock),
    quote: youxKey ? youxQuote(env['YOUX_API_URL'], youxKey, (env['YOUX_ALLOWED_HOSTS'] ?? '').split(','), policy) : undefined,
    gauge: autograbUrl && autograbKey ? autograbGauge(autograbUrl, autograbKey, policy) : undefined,
  };
}

/** Every adapter local: what tests and `npm run serve` use unless the environment says otherwise. */
export function localAdapters(db: Db, clock: Clock): Adapters {
  return { email: localEmail(db, clock), webhook: guardedWebhook({ allowLoopback: false }), sms: localSms(db, clock) };
}
