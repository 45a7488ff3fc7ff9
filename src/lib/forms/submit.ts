/**
 * Posts a lead to POST /api/leads with an Idempotency-Key (a retry of the same submission is stored
 * once) and reduces the answer to what the form shows: the lead id, or the error text.
 */
import { MESSAGES } from './messages.ts';

export type SubmitResult = { ok: true; lead_id: string } | { ok: false; error: string };

export interface SubmitOptions {
  fetch?: typeof fetch;
  key: string;
  /** Multi-step enquiry: a missing lead_id shows the returned error or 'An unexpected error occured'. */
  fallback?: string;
}

export async function submitLead(body: Record<string, unknown>, opts: SubmitOptions): Promise<SubmitResult> {
  const doFetch = opts.fetch ?? fetch;
  const fallback = opts.fallback ?? MESSAGES.submitFailed;
  let res: Response;
  try {
    res = await doFetch('/api/leads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': opts.key },
      // The honeypot travels empty: a bot filling it gets a normal-looking answer and no lead.
      body: JSON.stringify({ ...body, contact_me_by_fax_only: '' }),
    });
  } catch {
    return { ok: false, error: fallback };
  }
  const json = (await res.json().catch(() => ({}))) as { lead_id?: unknown; error?: unknown };
  if (res.ok && typeof json.lead_id === 'string') return { ok: true, lead_id: json.lead_id };
  // Validation answers (4xx) and a dependency that is down (502/503, e.g. the payment provider) carry
  // text written for the shopper; a 500 (or a proxy's empty answer) says nothing useful.
  const error = res.status !== 500 && typeof json.error === 'string' && json.error ? json.error : fallback;
  return { ok: false, error };
}
