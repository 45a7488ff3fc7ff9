/**
 * Turns a form's values into the lead body POST /api/leads accepts: the spec's (check_option) and
 * _radio_options rules, the lead payload fields (url, source, user_agent, car_id, car_dealership_id,
 * lead_attributes) and the consent wording and time the shopper agreed to.
 */
import type { FormValues } from './validation.ts';

const CHECK_OPTION = /\s*\(check_option\)$/;

/** Ticked `…(check_option)` boxes become additional_services; `…_radio_options` fields are dropped. */
export function formFields(values: FormValues): { fields: Record<string, string | boolean>; additional_services: string[] } {
  const fields: Record<string, string | boolean> = {};
  const additional_services: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith('_radio_options')) continue;
    if (CHECK_OPTION.test(name)) {
      if (value === true || value === 'on' || value === 'true') additional_services.push(name.replace(CHECK_OPTION, ''));
      continue;
    }
    fields[name] = typeof value === 'string' ? value.trim() : value;
  }
  return { fields, additional_services };
}

export interface LeadContext {
  url: string;
  userAgent: string;
  car?: { id: string; dealership_id?: string | number | undefined } | undefined;
  visitedPages: string[];
  /** The query string of the page the shopper landed on (utm_*, gclid...). */
  linkedQuery: string;
  /** The page the lead was sent from (page_id); a page_id among the form's own fields wins. */
  pageId?: string | undefined;
  consentText: string;
  now: Date;
  eventId?: number | undefined;
}

export interface LeadBody {
  category: string;
  additional_services: string[];
  source: 'Website';
  url: string;
  user_agent: string;
  car_id?: string;
  car_dealership_id?: string;
  lead_attributes: { visited_pages: string[]; linked_query_params: Record<string, string> };
  consent_text: string;
  consent_at: string;
  event_id?: number;
  [field: string]: unknown;
}

export function leadBody(category: string, values: FormValues, ctx: LeadContext): LeadBody {
  const { fields, additional_services } = formFields(values);
  const body: LeadBody = {
    ...withoutEmpty(fields),
    category,
    additional_services,
    source: 'Website',
    url: ctx.url,
    user_agent: ctx.userAgent,
    lead_attributes: { visited_pages: ctx.visitedPages.slice(-20), linked_query_params: Object.fromEntries(new URLSearchParams(ctx.linkedQuery)) },
    // Stored with the lead (the route keeps unknown text fields as `extra`): what was agreed, and when.
    consent_text: ctx.consentText,
    consent_at: ctx.now.toISOString(),
  };
  body['opt_in'] = values['opt_in'] === true;
  if (body['page_id'] === undefined && ctx.pageId) body['page_id'] = ctx.pageId;
  if (ctx.car) {
    body.car_id = ctx.car.id;
    if (ctx.car.dealership_id !== undefined) body.car_dealership_id = String(ctx.car.dealership_id);
  }
  if (ctx.eventId !== undefined) body.event_id = ctx.eventId;
  return body;
}

function withoutEmpty(fields: Record<string, string | boolean>): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
}

/** Spec: user details are stored locally only when name, email and phone are all present. */
export function storableUserDetails(values: FormValues): { name: string; last_name: string; email: string; phone: string; postcode: string } | undefined {
  const t = (k: string) => (typeof values[k] === 'string' ? (values[k] as string).trim() : '');
  if (!t('name') || !t('email') || !t('phone')) return undefined;
  return { name: t('name'), last_name: t('last_name'), email: t('email'), phone: t('phone'), postcode: t('postcode') };
}
