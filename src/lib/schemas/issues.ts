import * as v from 'valibot';

/** Describes what a value was, briefly, for messages ("received 42", "received an object"). */
function describeReceived(issue: v.BaseIssue<unknown>, raw?: unknown): string {
  // After a transform the issue holds the transformed value (NaN); the raw input reads better.
  const input = raw !== undefined ? rawAt(raw, issue) : issue.input;
  if (input === undefined) return 'it is missing';
  if (typeof input === 'string') return `received "${input.length > 60 ? `${input.slice(0, 57)}...` : input}"`;
  if (typeof input === 'number' || typeof input === 'boolean' || input === null) return `received ${String(input)}`;
  if (Array.isArray(input)) return 'received a list';
  return 'received an object';
}

function rawAt(root: unknown, issue: v.BaseIssue<unknown>): unknown {
  let node: unknown = root;
  for (const item of issue.path ?? []) {
    if (node === null || typeof node !== 'object') return issue.input;
    node = (node as Record<string, unknown>)[String(item.key)];
  }
  return node;
}

/** Turns valibot issues into "field.path: expected X, received Y" lines, one per problem. */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[], raw?: unknown): string[] {
  const lines = new Set<string>();
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '(root)';
    if (issue.kind === 'schema' && issue.type === 'strict_object' && issue.input !== undefined) {
      lines.add(`${path}: unknown field (check the spelling)`);
      continue;
    }
    // A missing required key: valibot's "expected" is the key's own name, which reads oddly.
    // null counts as missing: exports write null for "no value" (schemas/absent.ts).
    const given = raw !== undefined ? rawAt(raw, issue) : issue.input;
    if ((given === undefined || given === null) && issue.kind === 'schema' && /^"/.test(issue.expected ?? '')) {
      lines.add(`${path}: required, but it is missing`);
      continue;
    }
    const expected = issue.expected && !issue.message.startsWith('Invalid') ? issue.expected : undefined;
    const wanted = issue.message.startsWith('Invalid') ? (expected ?? issue.expected ?? 'a valid value') : issue.message;
    lines.add(`${path}: expected ${wanted}, ${describeReceived(issue, raw)}`);
  }
  return [...lines];
}
