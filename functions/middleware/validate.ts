import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { invalid, toFieldIssues } from '../lib/validation.ts';

/** What validate() adds to a route's input: the schema's output is c.req.valid('json'). */
export interface Validated<S extends v.GenericSchema> {
  in: { json: v.InferInput<S> };
  out: { json: v.InferOutput<S> };
}

/**
 * Checks the parsed JSON body (c.get('body'), set by jsonBody) against a valibot schema. A body that
 * fails is answered 422 `{error, issues}` (functions/lib/validation.ts invalid: one sentence and the
 * fields, never the submitted values); one that passes continues with the schema's typed output as
 * c.req.valid('json'), the accessor Hono's own validators fill.
 *
 * valibot schemas are Standard Schemas, but their `~standard.validate` runs with valibot's global
 * configuration: this calls v.safeParse so the pipe stops at a field's first problem
 * (abortPipeEarly), which is what the forms show and the 422 bodies have always held.
 */
export function validate<S extends v.GenericSchema>(schema: S): MiddlewareHandler<AppEnv, string, Validated<S>> {
  return async (c, next) => {
    const result = v.safeParse(schema, c.get('body'), { abortPipeEarly: true });
    if (!result.success) return invalid(c, toFieldIssues(result.issues));
    // Hono keeps validated data untyped internally; the type comes back through Validated<S>.
    c.req.addValidatedData('json', result.output as object);
    return next();
  };
}
