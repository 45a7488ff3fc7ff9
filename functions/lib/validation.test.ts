import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { looseBoolean, toFieldIssues } from './validation.ts';

describe('toFieldIssues', () => {
  it("never repeats valibot's received values", () => {
    const r = v.safeParse(v.object({ email: v.pipe(v.string(), v.email()), age: v.number() }), { email: 'secret@@x', age: 'SECRET' });
    expect(r.success).toBe(false);
    if (r.success) return;
    const issues = toFieldIssues(r.issues);
    expect(JSON.stringify(issues)).not.toContain('secret');
    expect(JSON.stringify(issues)).not.toContain('SECRET');
    expect(issues.map((i) => i.field)).toEqual(['email', 'age']);
  });
  it('says "required" for a missing key, and keeps custom messages', () => {
    const r = v.safeParse(v.object({ a: v.string(), b: v.pipe(v.string(), v.minLength(2, 'at least 2 characters')) }), { b: 'x' });
    if (r.success) throw new Error('expected issues');
    expect(toFieldIssues(r.issues)).toEqual([
      { field: 'a', message: 'required' },
      { field: 'b', message: 'at least 2 characters' },
    ]);
  });
});

describe('looseBoolean', () => {
  it('reads form values', () => {
    for (const t of [true, 'true', 'on', 'yes', '1', 1]) expect(v.parse(looseBoolean, t)).toBe(true);
    for (const f of [false, 'false', 'off', 'no', '0', 0, '']) expect(v.parse(looseBoolean, f)).toBe(false);
    expect(v.safeParse(looseBoolean, 'maybe').success).toBe(false);
  });
});
