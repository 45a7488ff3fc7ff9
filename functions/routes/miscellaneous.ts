/**
 * POST /api/miscellaneous: saves a trade-in valuation result ({column_name: 'valuation', ...result}).
 * lead_id and car_id, when given, must belong to this site. Stored as JSON (16 KB body limit).
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { canonicalJson, newId } from '../lib/crypto.ts';
import { idString, invalid, type FieldIssue } from '../lib/validation.ts';
import { conflict, idempotency, replayed } from '../middleware/idempotency.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';

const MiscBody = v.looseObject({
  column_name: v.optional(v.picklist(['valuation'], 'expected "valuation"'), 'valuation'),
  lead_id: v.optional(idString('a lead id')),
  car_id: v.optional(idString('a car id')),
});

export function miscellaneousRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/miscellaneous', rateLimit(deps, 'miscellaneous', 'miscellaneousPerIp'), idempotency(), validate(MiscBody), async (c) => {
    const site = c.get('site');
    const key = c.get('idempotencyKey');
    const { column_name, lead_id, car_id, ...data } = c.req.valid('json');
    const issues: FieldIssue[] = [];
    if (Object.keys(data).length === 0) issues.push({ field: 'body', message: 'expected the valuation result' });
    if (car_id !== undefined && !site.carById(car_id)) issues.push({ field: 'car_id', message: Http.unknownCar });
    if (lead_id !== undefined) {
      const { rows } = await deps.db.query('SELECT 1 FROM leads WHERE id = $1 AND tenant = $2', [lead_id, site.slug]);
      if (rows.length === 0) issues.push({ field: 'lead_id', message: 'we could not find that enquiry' });
    }
    if (issues.length) return invalid(c, issues);
    const inserted = await deps.db.query<{ id: string }>(
      `INSERT INTO valuations (id, tenant, column_name, lead_id, car_id, data, created_at, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
       ON CONFLICT (tenant, idempotency_key) DO NOTHING RETURNING id`,
      [newId(), site.slug, column_name, lead_id ?? null, car_id ?? null, JSON.stringify(data), deps.clock.now(), key ?? null],
    );
    if (inserted.rows[0]) return c.json({ success: true, id: inserted.rows[0].id }, 201);
    // The key was used before: the same save is a replay, different data is a conflict (never dropped silently).
    const { rows } = await deps.db.query<{ id: string; lead_id: string | null; car_id: string | null; data: unknown }>(
      'SELECT id, lead_id, car_id, data FROM valuations WHERE tenant = $1 AND idempotency_key = $2',
      [site.slug, key],
    );
    const prior = rows[0];
    const same =
      prior !== undefined &&
      prior.lead_id === (lead_id ?? null) &&
      prior.car_id === (car_id ?? null) &&
      canonicalJson(typeof prior.data === 'string' ? (JSON.parse(prior.data) as unknown) : prior.data) === canonicalJson(data);
    if (!same) return conflict(c);
    return replayed(c, { success: true, id: prior.id });
  });
}
