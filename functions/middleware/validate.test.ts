import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { useHarness } from '../test/harness.ts';
import { validate } from './validate.ts';
import { bareApp, send } from './test-app.ts';

const Schema = v.object({
  name: v.pipe(v.string('enter your name'), v.trim(), v.minLength(1, 'enter your name')),
  code: v.pipe(v.string('enter the code'), v.regex(/^\d+$/, 'digits only'), v.length(6, 'six digits')),
  count: v.optional(v.number(), 1),
});

describe('validate(schema)', () => {
  const h = useHarness();
  const app = () => {
    const seen: unknown[] = [];
    const a = bareApp(h);
    a.post('/api/v', validate(Schema), (c) => {
      const body = c.req.valid('json');
      // Typed: these would not compile if valid('json') were unknown.
      const name: string = body.name;
      const count: number = body.count;
      seen.push({ name, count, code: body.code });
      return c.json({ ok: true }, 200);
    });
    return { a, seen };
  };

  it("hands the schema's output (trimmed, defaults filled) to the route as c.req.valid('json')", async () => {
    const { a, seen } = app();
    const res = await send(a, '/api/v', { json: { name: '  Jess ', code: '123456' } });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ name: 'Jess', count: 1, code: '123456' }]);
  });

  it('answers our 422 shape: one sentence and the fields, and the route is not reached', async () => {
    const { a, seen } = app();
    const res = await send(a, '/api/v', { json: { name: ' ', code: 'abc' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'Please fix the following errors: name: enter your name; code: digits only.',
      issues: [
        { field: 'name', message: 'enter your name' },
        { field: 'code', message: 'digits only' },
      ],
    });
    expect(seen).toEqual([]);
  });

  it("stops a field's pipe at its first problem and never echoes what was sent", async () => {
    const { a } = app();
    const res = await send(a, '/api/v', { json: { name: 'Jess', code: 'secret-value-xyz', count: 'lots-of-them' } });
    const body = (await res.json()) as { issues: { field: string; message: string }[] };
    expect(body.issues).toEqual([
      { field: 'code', message: 'digits only' },
      { field: 'count', message: 'expected number' },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/secret-value|lots-of-them/);
  });
});
