/**
 * The real provider adapters, used when their environment variables are set (docs/functions.md).
 * Each has a timeout and validates what it gets back; a failure is an error the caller handles
 * (the outbox retries e-mail, the quote and gauge routes answer 502 and the page hides the block).
 */
import * as v from 'valibot';
import type { EmailAdapter, GaugeProvider, QuoteProvider, SmsAdapter } from './types.ts';

async function postJson(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${new URL(url).host}`);
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    throw new Error(`${new URL(url).host} did not answer JSON`);
  }
}

/** Postmark's /email API (https://postmarkapp.com/developer/user-guide/send-email-with-api). */
export function postmarkEmail(serverToken: string, apiUrl = 'https://api.postmarkapp.com/email'): EmailAdapter {
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
          Headers: [{ Name: 'X-Outbox-Id', Value: m.outboxId }],
          Attachments: m.attachments.map((a) => ({
            Name: a.filename,
            Content: Buffer.from(a.content, 'utf8').toString('base64'),
            ContentType: a.contentType,
          })),
        },
        { 'X-Postmark-Server-Token': serverToken },
        10_000,
      );
    },
  };
}

/** A generic SMS gateway: POST {to, from, body} with a bearer key to SMS_API_URL. */
export function httpSms(url: string, apiKey: string, from: string): SmsAdapter {
  return {
    name: `SMS gateway ${new URL(url).host}`,
    async send(m) {
      await postJson(url, { to: m.phone, from, body: m.body }, { authorization: `Bearer ${apiKey}` }, 10_000);
    },
  };
}

const QuoteAnswer = v.object({
  weeklyRepaymentAmount: v.pipe(v.number(), v.finite()),
  advertisedRate: v.pipe(v.number(), v.finite()),
  comparisonRate: v.pipe(v.number(), v.finite()),
});

/**
 * The YouX quote API: the spec's request body is forwarded as-is and the three figures read back.
 * The URL is the tenant's finance.youx_api_url or YOUX_API_URL; the key is YOUX_API_KEY (never in a
 * tenant file, so never in a built site).
 */
export function youxQuote(defaultUrl: string | undefined, apiKey: string): QuoteProvider {
  return {
    name: 'YouX',
    async quote(input, tenant) {
      const url = tenant.finance.youx_api_url ?? defaultUrl;
      if (!url) throw new Error('no YouX API URL configured');
      const answer = await postJson(url, input, { authorization: `Bearer ${apiKey}` }, 8_000);
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
export function autograbGauge(url: string, apiKey: string): GaugeProvider {
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
      );
      if (answer === null) return null;
      const parsed = v.safeParse(GaugeAnswer, answer);
      if (!parsed.success) throw new Error('the AutoGrab answer lacks the gauge fields');
      return parsed.output;
    },
  };
}
