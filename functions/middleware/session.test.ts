import { describe, expect, it } from 'vitest';
import { Http } from '../errors.ts';
import { signIn, useHarness } from '../test/harness.ts';
import { signedIn } from './session.ts';
import { bareApp, send } from './test-app.ts';

describe('signedIn()', () => {
  const h = useHarness();
  const app = () => {
    const a = bareApp(h);
    a.get('/api/me', signedIn(h.app.deps), (c) => c.json({ phone: c.get('user').phone }, 200));
    a.get('/api/me-own', signedIn(h.app.deps, { success: false, error: Http.signedOut }), (c) => c.json({ ok: true }, 200));
    return a;
  };

  it("answers 401 {error} (or the route's own body) without a session, and never reaches the route", async () => {
    const a = app();
    const res = await send(a, '/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: Http.signedOut });
    expect(await (await send(a, '/api/me-own', { headers: { cookie: 'sid=not-a-session' } })).json()).toEqual({ success: false, error: Http.signedOut });
  });

  it('hands the signed-in user to the route as c.var.user', async () => {
    const cookie = await signIn(h);
    const res = await send(app(), '/api/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ phone: '+61412345678' });
  });
});
