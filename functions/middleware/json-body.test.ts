import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorLog } from '../lib/error-log.ts';
import { useHarness } from '../test/harness.ts';
import { hasForbiddenText, jsonDepth, MAX_JSON_DEPTH } from './json-body.ts';

const lead = { category: 'General', name: 'Jess', email: 'jess@example.com', terms_conditions: true };

describe('malformed input gets a 4xx, is counted, and logs nothing', () => {
  const h = useHarness();
  afterEach(() => vi.restoreAllMocks());

  const raw = (body: string, ip = '203.0.113.60', type = 'application/json') =>
    h.request('/api/leads', { method: 'POST', headers: { 'content-type': type }, body, ip });

  it('refuses JSON nested 7,000 deep with a 400, not a 500', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deep = `${'['.repeat(7000)}${']'.repeat(7000)}`;
    const res = await raw(`{"name":"Jess","email":"jess@example.com","extra":${deep}}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/nested too deeply/);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['a NUL character', '{"category":"General","name":"Je\\u0000ss","email":"jess@example.com"}'],
    ['a lone high surrogate', '{"category":"General","name":"Jess\\ud800","email":"jess@example.com"}'],
    ['a lone low surrogate', '{"category":"General","name":"\\udc00Jess","email":"jess@example.com"}'],
    ['an escape character in a key', '{"category":"General","name":"Jess","email":"jess@example.com","\\u001b[31m":"x"}'],
  ])('refuses %s with a 400 and stores nothing', async (_what, body) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await raw(body);
    expect(res.status).toBe(400);
    expect(errors).not.toHaveBeenCalled();
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
    expect(rows[0]?.n).toBe(0);
  });

  it('keeps what people type: emoji (surrogate pairs), accents, new lines, tabs', async () => {
    const res = await h.post('/api/leads', { ...lead, name: 'Zoë 🚗', message: 'Line one\n\tLine two' });
    expect(res.status).toBe(201);
  });

  it('counts malformed requests: an address sending them again and again gets 429', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await raw('{"name":"\\u0000"}', '203.0.113.61')).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    // Other addresses are not affected.
    expect((await raw('{"name":"\\u0000"}', '203.0.113.62')).status).toBe(400);
    expect(errors).not.toHaveBeenCalled();
  });

  it('accepts application/json only, not another type ending in +json', async () => {
    expect((await raw(JSON.stringify(lead), '203.0.113.63', 'application/json; charset=utf-8')).status).toBe(201);
    expect((await raw(JSON.stringify(lead), '203.0.113.63', 'application/vnd.evil+json')).status).toBe(415);
    expect((await raw(JSON.stringify(lead), '203.0.113.63', 'application/merge-patch+json')).status).toBe(415);
  });
});

describe('helpers', () => {
  it('jsonDepth ignores brackets inside strings and stops early', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth('['.repeat(100000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
  it('hasForbiddenText walks deep values without recursion', () => {
    let deep: unknown = 'ok';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(hasForbiddenText(deep)).toBe(false);
    expect(hasForbiddenText({ a: ['\u0007'] })).toBe(true);
    expect(hasForbiddenText({ a: '🚗' })).toBe(false);
  });
  it('an error repeated a thousand times logs its stack once a minute', () => {
    const lines: string[] = [];
    const log = new ErrorLog((l) => lines.push(l));
    for (let i = 0; i < 1000; i++) log.log('POST /api/leads', new Error('boom'), 1_000 + i);
    expect(lines).toHaveLength(1);
    log.log('POST /api/leads', new Error('boom'), 70_000);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/999 more time/);
  });
});
