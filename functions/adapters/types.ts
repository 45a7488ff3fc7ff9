import type { PriceGauge } from '../../src/lib/price-gauge/index.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import type { Tenant } from '../../src/lib/tenant/load-tenant.ts';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (the ADF XML). */
  content: string;
}

export interface EmailMessage {
  tenant: string;
  /** The outbox row, so a retried send can be recognised downstream. */
  outboxId: string;
  /**
   * The Message-ID header, `<lead-{lead id}.{outbox id}@{sender's domain}>` (messageIdFor): the same on
   * every send of this outbox row, so a message sent again after a crash mid-send is recognisable as
   * the same message (issue 27), as a webhook's Idempotency-Key is.
   */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  attachments: EmailAttachment[];
}

export interface EmailAdapter {
  readonly name: string;
  /** Resolves when the message is accepted; throws (with a reason) when it is not. */
  send(message: EmailMessage): Promise<void>;
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface WebhookAdapter {
  /** Resolves on a 2xx answer; throws otherwise. */
  send(request: WebhookRequest): Promise<void>;
}

export interface SmsMessage {
  tenant: string;
  /** E.164 (+614...). */
  phone: string;
  body: string;
}

export interface SmsAdapter {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface QuoteInput {
  selfAssessedCreditScore: string;
  purchasePrice: number;
  loanTerm: number;
  year?: number | undefined;
  vin?: string | undefined;
  nvic?: string | undefined;
  whoIsHelping?: string | undefined;
}

export interface Quote {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number;
}

export interface QuoteProvider {
  readonly name: string;
  quote(input: QuoteInput, tenant: Tenant): Promise<Quote>;
}

export interface GaugeProvider {
  readonly name: string;
  /** null when the provider has no valuation for the car. */
  gauge(car: Vehicle, tenant: Tenant): Promise<PriceGauge | null>;
}

export interface ReservationRequest {
  tenant: string;
  /** The lead the reservation belongs to. */
  leadId: string;
  car: { id: string; stocknum?: string | undefined; name: string; price?: number | null | undefined };
  /** Whole dollars, worked out by the server (never the amount the browser sent). */
  deposit: number;
  customer: { name: string; email?: string | undefined; phone?: string | undefined };
}

export interface ReservationResult {
  /** awaiting-dealer: nothing charged, the dealer confirms; paid: the provider took the deposit. */
  status: 'awaiting-dealer' | 'paid';
  /** The provider's payment id, when it has one. */
  reference?: string | undefined;
}

export interface PaymentProvider {
  readonly name: string;
  /** Throws when the provider cannot take the reservation; nothing is stored then. */
  reserve(request: ReservationRequest): Promise<ReservationResult>;
}

export interface Adapters {
  email: EmailAdapter;
  webhook: WebhookAdapter;
  sms: SmsAdapter;
  /** The finance provider; absent means the amortisation formula with the tenant's rates. */
  quote?: QuoteProvider | undefined;
  /** The price gauge provider; absent means comparable cars in the tenant's stock. */
  gauge?: GaugeProvider | undefined;
  /** The reservation payment provider; absent means localPayment (nothing charged, the dealer confirms). */
  payment?: PaymentProvider | undefined;
}
