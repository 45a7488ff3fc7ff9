import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/forms/messages.ts';
import { submitLead } from '../../src/lib/forms/submit.ts';

describe('submitLead', () => {
  const answer = (status: number, body: unknown) => () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  it('reads lead_id from a 201', async () => {
    expect(await submitLead({}, { key: 'k', fetch: answer(201, { lead_id: 'L1' }) })).toEqual({ ok: true, lead_id: 'L1' });
  });
  it("shows a 4xx or 502/503 answer's text, and the spec's text for a 500, an empty answer or no network", async () => {
    expect(await submitLead({}, { key: 'k', fetch: answer(422, { error: 'Please check your details' }) })).toEqual({
      ok: false,
      error: 'Please check your details',
    });
    expect(await submitLead({}, { key: 'k', fetch: answer(502, { error: 'Online reservations are unavailable right now.' }) })).toEqual({
      ok: false,
      error: 'Online reservations are unavailable right now.',
    });
    expect(await submitLead({}, { key: 'k', fetch: answer(500, { error: 'boom' }) })).toEqual({ ok: false, error: MESSAGES.submitFailed });
    expect(await submitLead({}, { key: 'k', fetch: answer(502, {}), fallback: MESSAGES.unexpected })).toEqual({
      ok: false,
      error: 'An unexpected error occured',
    });
    expect(await submitLead({}, { key: 'k', fetch: () => Promise.reject(new TypeError('offline')) })).toEqual({ ok: false, error: MESSAGES.submitFailed });
  });
  it('sends the Idempotency-Key and an empty honeypot', async () => {
    let seen: RequestInit | undefined;
    await submitLead(
      { name: 'Ann' },
      {
        key: 'abc',
        fetch: (_u, init) => {
          seen = init;
          return answer(201, { lead_id: 'L' })();
        },
      },
    );
    expect((seen?.headers as Record<string, string>)['Idempotency-Key']).toBe('abc');
    expect(JSON.parse(String(seen?.body))).toEqual({ name: 'Ann', contact_me_by_fax_only: '' });
  });
});
