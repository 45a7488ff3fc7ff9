/**
 * The real provider adapters, used when their environment variables are set (docs/functions.md).
 * Each has a timeout and validates what it gets back; a failure is an error the caller handles
 * (the outbox retries e-mail, the quote and gauge routes answer 502 and the page hides the block).
 */
import * as v from 'valibot';
import { guardedPost, type OutboundPolicy } from '../lib/outbound.ts';
import type { EmailAdapter, GaugeProvider, QuoteProvider, SmsAdapter } from './types.ts';

const STRICT: OutboundPolicy = { allowLoopback: false };

/** POSTs JSON over https to a public address only (functions/lib/outbound.ts); the answer's JSON. */
async function postJson(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number, policy: OutboundPolicy): Promise<unknown> {
  const res = await guardedPost(url, JSON.stringify(body), { 'content-type': 'application/json', accept: 'application/json', ...headers }, policy, timeoutMs);
  const text = res.text;
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status} from ${new URL(url).host}`);
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    throw new Error(`${new URL(url).host} did not answer JSON`);
  }
}

/** Postmark's /email API (https://postmarkapp.com/developer/user-guide/send-email-with-api). */
export function postmarkEmail(serverToken: string, apiUrl = 'https://api.postmarkapp.com/email', policy = STRICT): EmailAdapter {
  return {
    name: 'Postmark',
    async send(m) {
      await postJson(
        apiUrl,
        {
          From: m.from,
          To: m.to,
          ...(m.replyTo ? { ReplyTo: m.replyTo } : {}),
          Subject: m.subject,
          TextBody: m.text,
          MessageStream: 'outbound',
          // The same Message-ID on every send of this outbox row (a duplicate after a crash is recognisable).
          Headers: [
            { Name: 'Message-ID', Value: m.messageId },
            { Name: 'X-Outbox-Id', Value: m.outboxId },
          ],
          Attachments: m.attachments.map((a) => ({
            Name: a.filename,
            Content: Buffer.from(a.content, 'utf8').toString('base64'),
            ContentType: a.contentType,
          })),
        },
        { 'X-Postmark-Server-Token': serverToken },
        10_000,
        policy,
      );
    },
  };
}

/** A generic SMS gateway: POST {to, from, body} with a bearer key to SMS_API_URL. */
export function httpSms(url: string, apiKey: string, from: string, policy = STRICT): SmsAdapter {
  return {
    name: `SMS gateway ${new URL(url).host}`,
    async send(m) {
      await postJson(url, { to: m.phone, from, body: m.body }, { authorization: `Bearer ${apiKey}` }, 10_000, policy);
    },
  };
}

const QuoteAnswer = v.object({
  weeklyRepaymentAmount: v.pipe(v.number(), v.finite()),
  advertisedRate: v.pipe(v.number(), v.finite()),
  comparisonRate: v.pipe(v.number(), v.finite()),
});

/** The host (host:port) of a URL, or undefined. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The YouX quote API: the spec's request body is forwarded as-is and the three figures read back.
 * The key is YOUX_API_KEY (never in a tenant file, so never in a built site) and serves every tenant,
 * so a tenant's config never decides where it goes: the URL is YOUX_API_URL, and a tenant's
 * finance.youx_api_url is used only when its host is YOUX_API_URL's or one listed in
 * YOUX_ALLOWED_HOSTS (platform staff's allow-list); any other host is refused before anything is sent.
 */
export function youxQuote(defaultUrl: string | undefined, apiKey: string, allowedHosts: readonly string[] = [], policy = STRICT): QuoteProvider {
  const allowed = new Set([...allowedHosts.map((h) => h.trim().toLowerCase()).filter(Boolean), ...[hostOf(defaultUrl)].filter((h) => h !== undefined)]);
  return {
    name: 'YouX',
    async quote(input, tenant) {
      const tenantUrl = tenant.finance.youx_api_url;
      if (tenantUrl !== undefined && !allowed.has(hostOf(tenantUrl) ?? '')) {
        throw new Error(
          `finance.youx_api_url of ${tenant.slug} points at ${hostOf(tenantUrl) ?? 'an invalid URL'}, which is not in YOUX_ALLOWED_HOSTS: the key is not sent there`,
        );
      }
      const url = tenantUrl ?? defaultUrl;
      if (!url) throw new Error('no YouX API URL configured (YOUX_API_URL)');
      const answer = await postJson(url, input, { authorization: `Bearer ${apiKey}` }, 8_000, policy);
      const parsed = v.safeParse(QuoteAnswer, answer);
      if (!parsed.success) throw new Error('the YouX answer lacks weeklyRepaymentAmount, advertisedRate or comparisonRate');
      return parsed.output;
    },
  };
}

const GaugeAnswer = v.object({
  fill: v.number(),
  listing_price: v.number(),
  market_range_min: v.number(),
  market_range_max: v.number(),
  confidence: v.number(),
  description: v.string(),
});

/** An AutoGrab-style valuation endpoint: POST the car's identity, read the gauge fields back. */
export function autograbGauge(url: string, apiKey: string, policy = STRICT): GaugeProvider {
  return {
    name: 'AutoGrab',
    async gauge(car, tenant) {
      const answer = await postJson(
        url,
        {
          vin: car.vin,
          nvic: car.nvic,
          year: car.year,
          make: car.make,
          model: car.model,
          badge: car.badge,
          km: car.km,
          price: car.price,
          state: car.location?.state ?? car.state,
          dealer: tenant.slug,
        },
        { authorization: `Bearer ${apiKey}` },
        8_000,
        policy,
      );
      if (answer === null) return null;
      const parsed = v.safeParse(GaugeAnswer, answer);
      if (!parsed.success) throw new Error('the AutoGrab answer lacks the gauge fields');
      return parsed.output;
    },
  };
}
