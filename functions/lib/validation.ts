import type { Context } from 'hono';
import * as v from 'valibot';
import { Http } from '../errors.ts';

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * valibot issues as {field, message}, without the submitted values: every schema here carries its
 * own message; valibot's built-in ones ("Invalid type: Expected string but received ...") name what
 * was received, so they are replaced by the expected type alone.
 */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? 'body';
    const message = /^Invalid key:/.test(issue.message)
      ? 'required'
      : /received|^Invalid [a-z ]+:/i.test(issue.message)
        ? `expected ${issue.expected ?? 'a valid value'}`
        : issue.message;
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message });
  }
  return out;
}

/**
 * The 422 answer: a readable `error` sentence (the form shows it) and the list of fields. A message
 * that is a sentence of its own ("We could not find that car.") loses its full stop inside the list, so
 * the sentence ends with one, never "car.." (issue 27).
 */
export function invalid(c: Context, issues: readonly FieldIssue[]): Response {
  const sentence = `${Http.invalid} ${issues.map((i) => `${i.field}: ${i.message.replace(/\.+$/, '')}`).join('; ')}.`;
  return c.json({ error: sentence, issues }, 422);
}

/** Common field schemas with the messages the forms show. */
export const text = (max: number, message = `at most ${max} characters`) => v.pipe(v.string('expected text'), v.trim(), v.maxLength(max, message));

export const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()], 'expected text'),
      v.transform((x) => String(x).trim()),
      v.maxLength(max, `at most ${max} characters`),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** "123", 123 -> "123": ids arrive as numbers or strings. */
export const idString = (what: string) =>
  v.pipe(
    v.union([v.string(), v.number()], `expected ${what}`),
    v.transform((x) => String(x).trim()),
    v.minLength(1, `expected ${what}`),
    v.maxLength(100, `expected ${what}`),
  );

/** true/false, "true"/"false", "on", "yes", "1"/"0", 1/0. */
export const looseBoolean = v.pipe(
  v.union([v.boolean(), v.string(), v.number()], 'expected true or false'),
  v.transform((x) => {
    if (typeof x === 'boolean') return x;
    if (typeof x === 'number') return x !== 0;
    const s = x.trim().toLowerCase();
    if (['true', 'on', 'yes', '1', 'y'].includes(s)) return true;
    if (['false', 'off', 'no', '0', 'n', ''].includes(s)) return false;
    return null;
  }),
  v.check((b) => b !== null, 'expected true or false'),
  v.transform((b) => b === true),
);
