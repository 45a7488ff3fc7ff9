import { describe, expect, it } from 'vitest';
import { Http } from '../errors.ts';
import { useHarness } from '../test/harness.ts';
import { feature } from './feature.ts';
import { bareApp, send } from './test-app.ts';

describe('feature(isOn)', () => {
  const h = useHarness();

  it("answers 404 {error} for a feature the tenant has off, or the route's own body, and passes when on", async () => {
    const a = bareApp(h);
    a.get(
      '/api/off',
      feature(() => false),
      (c) => c.json({ ok: true }, 200),
    );
    a.get(
      '/api/off-own',
      feature(() => false, { success: false, error: Http.featureOff }),
      (c) => c.json({ ok: true }, 200),
    );
    a.get(
      '/api/on',
      feature((site) => site.slug === 'alpha'),
      (c) => c.json({ ok: true }, 200),
    );
    const off = await send(a, '/api/off');
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ error: Http.featureOff });
    expect(await (await send(a, '/api/off-own')).json()).toEqual({ success: false, error: Http.featureOff });
    expect((await send(a, '/api/on')).status).toBe(200);
  });
});
