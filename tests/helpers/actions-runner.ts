/**
 * A small local stand-in for GitHub Actions, so tests can run our own workflow files step by step the
 * way a hosted Linux runner would, with no `act`, Docker or network: the `run:` steps really run (bash,
 * in the workspace the test prepared), and the few actions we use are emulated from their published
 * source (checkout and setup-node as no-ops, cache restore/save and artifact upload/download on disk
 * under `stateDir`, which outlives a run so a second "night" finds the first night's caches).
 *
 * Deliberate simplifications, each because a test needs determinism more than parallelism:
 * - jobs and matrix legs run one after another; a cache saved by one leg of a matrix is invisible to its
 *   sibling legs in the same run (on GitHub they start together, so none of them sees another's save);
 * - every job uses the same workspace unless `jobWorkspace` gives each one its own (on GitHub each job
 *   gets a fresh machine and checkout);
 * - secrets are not masked in the captured output (a test checking for leaks wants the raw text).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { constants as osConstants, homedir, tmpdir } from 'node:os';
import { basename, dirname, join, normalize, relative, resolve, sep } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { parse as parseYaml } from 'yaml';

// ---------------------------------------------------------------------------------------------------
// Public types

export type JobResult = 'success' | 'failure' | 'cancelled' | 'skipped';
export type StepResult = 'success' | 'failure' | 'cancelled' | 'skipped';

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  title?: string;
  file?: string;
  line?: number;
  /** The step that produced it (its display name); absent for job-level annotations. */
  step?: string;
}

export interface StepInfo {
  index: number;
  name: string;
  id?: string;
  uses?: string;
  /** The script as run, expressions already substituted (run steps only). */
  run?: string;
}

export interface RunnerOptions {
  /** The checkout: cwd of the run steps and GITHUB_WORKSPACE (of every job, unless `jobWorkspace` says otherwise). */
  workspace: string;
  /** Repository variables (`vars.X`); a missing one evaluates to ''. */
  vars?: Record<string, string>;
  /** Secrets (`secrets.X`); a missing one evaluates to ''. */
  secrets?: Record<string, string>;
  /** workflow_dispatch inputs; a missing one takes the input's default, else ''. Only with event workflow_dispatch. */
  inputs?: Record<string, string | boolean>;
  event?: 'schedule' | 'workflow_dispatch';
  /** Default: the next number of a counter kept in stateDir, so successive runs get increasing ids. */
  runId?: string;
  runAttempt?: string;
  /** 'owner/repo' unless given. */
  repository?: string;
  /** Where emulated caches and artifacts live, between jobs and between runs. */
  stateDir: string;
  /** Extra process environment for every step (the runner's own process.env is inherited, less GITHUB_*, RUNNER_*). */
  env?: Record<string, string>;
  /** Called when a run step's process has started (not for `uses:` steps), e.g. to kill it mid-way. */
  onStepStart?: (info: { job: string; step: StepInfo; child: ChildProcess }) => void;
  /** Run only these job ids; the others are treated as skipped (and so are the jobs needing them). */
  only?: string[];
  /** A fresh checkout per job (leg), as on GitHub where each job has its own machine; default: `workspace`. */
  jobWorkspace?: (job: { id: string; matrix?: Record<string, ExprValue> }) => string | Promise<string>;
}

export interface StepRun {
  name: string;
  id?: string;
  uses?: string;
  skipped: boolean;
  outcome: StepResult;
  /** The outcome after continue-on-error (a failure it allowed concludes as success). */
  conclusion: StepResult;
  /** null when skipped, or when the process ended by a signal (see `signal`). */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

export interface JobRun {
  id: string;
  name: string;
  matrix?: Record<string, ExprValue>;
  result: JobResult;
  outputs: Record<string, string>;
  steps: StepRun[];
  /** Every step's GITHUB_STEP_SUMMARY, in step order. */
  stepSummary: string;
  annotations: Annotation[];
}

export interface WorkflowRun {
  name: string;
  runId: string;
  runAttempt: string;
  event: string;
  result: 'success' | 'failure' | 'cancelled';
  /** In run order; a matrix job has one entry per leg, a skipped job one entry with no steps. */
  jobs: JobRun[];
}

// ---------------------------------------------------------------------------------------------------
// Expressions: GitHub's `${{ }}` language, tokenized and parsed by recursive descent (no eval).

export type ExprValue = null | boolean | number | string | ExprValue[] | ExprObject;
export interface ExprObject {
  [key: string]: ExprValue;
}

export interface ExpressionScope {
  /** Named contexts (github, env, vars, ...); names and property names are matched case-insensitively, as on GitHub. */
  contexts: Record<string, ExprValue>;
  /** Contexts whose missing properties evaluate to '' rather than null (GitHub's vars and secrets). */
  emptyWhenMissing?: string[];
  /** The status functions' values; without them success() and friends are an error (as in a job's env:). */
  status?: { success: boolean; failure: boolean; cancelled: boolean };
  hashFiles?: (patterns: string[]) => string;
}

type Token =
  | { kind: 'num'; value: number; at: number }
  | { kind: 'str'; value: string; at: number }
  | { kind: 'ident'; value: string; at: number }
  | { kind: 'punct'; value: string; at: number }
  | { kind: 'eof'; at: number };

type Node =
  | { type: 'lit'; value: ExprValue }
  | { type: 'ctx'; name: string }
  | { type: 'call'; name: string; args: Node[] }
  | { type: 'prop'; target: Node; name: string }
  | { type: 'index'; target: Node; index: Node }
  | { type: 'star'; target: Node }
  | { type: 'not'; operand: Node }
  | { type: 'bin'; op: string; left: Node; right: Node };

const STATUS_FUNCTIONS = new Set(['success', 'failure', 'cancelled', 'always']);
const FUNCTION_ARITY: Record<string, [number, number]> = {
  contains: [2, 2],
  startswith: [2, 2],
  endswith: [2, 2],
  format: [1, Infinity],
  join: [1, 2],
  tojson: [1, 1],
  fromjson: [1, 1],
  hashfiles: [1, Infinity],
  success: [0, 0],
  failure: [0, 0],
  cancelled: [0, 0],
  always: [0, 0],
};
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`${msg} at position ${i + 1} of expression: ${src}`);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= src.length) fail('Unterminated string');
        if (src[j] === "'") {
          if (src[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += src[j];
        j++;
      }
      tokens.push({ kind: 'str', value, at: i });
      i = j + 1;
    } else if (/[0-9]/.test(c) || ((c === '-' || c === '+' || c === '.') && /[0-9.]/.test(src[i + 1] ?? ''))) {
      const m = /^[+-]?(?:0x[0-9a-f]+|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i.exec(src.slice(i));
      if (!m) fail('Unexpected symbol');
      const text = m![0];
      const hex = /^([+-]?)0x(.+)$/i.exec(text);
      const value = hex ? (hex[1] === '-' ? -1 : 1) * parseInt(hex[2]!, 16) : Number(text);
      tokens.push({ kind: 'num', value, at: i });
      i += text.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(src.slice(i))!;
      tokens.push({ kind: 'ident', value: m[0], at: i });
      i += m[0].length;
    } else {
      const two = src.slice(i, i + 2);
      if (['==', '!=', '<=', '>=', '&&', '||'].includes(two)) {
        tokens.push({ kind: 'punct', value: two, at: i });
        i += 2;
      } else if ('()[].,!<>*'.includes(c)) {
        tokens.push({ kind: 'punct', value: c, at: i });
        i++;
      } else {
        fail(`Unexpected symbol '${c}'`);
      }
    }
  }
  tokens.push({ kind: 'eof', at: src.length });
  return tokens;
}

function parseExpression(src: string): Node {
  const tokens = tokenize(src);
  let pos = 0;
  const peek = (): Token => tokens[pos]!;
  const fail = (msg: string): never => {
    throw new Error(`${msg} at position ${peek().at + 1} of expression: ${src}`);
  };
  const isPunct = (value: string): boolean => {
    const t = peek();
    return t.kind === 'punct' && t.value === value;
  };
  const expectPunct = (value: string): void => {
    if (!isPunct(value)) fail(`Expected '${value}'`);
    pos++;
  };

  const binary = (next: () => Node, ops: string[]) => (): Node => {
    let left = next();
    for (;;) {
      const t = peek();
      if (t.kind !== 'punct' || !ops.includes(t.value)) return left;
      pos++;
      left = { type: 'bin', op: t.value, left, right: next() };
    }
  };

  const primary = (): Node => {
    const t = peek();
    pos++;
    if (t.kind === 'num') return { type: 'lit', value: t.value };
    if (t.kind === 'str') return { type: 'lit', value: t.value };
    if (t.kind === 'punct' && t.value === '(') {
      const inner = or();
      expectPunct(')');
      return inner;
    }
    if (t.kind === 'ident') {
      const lower = t.value.toLowerCase();
      if (isPunct('(')) {
        pos++;
        const arity = FUNCTION_ARITY[lower];
        if (!arity) throw new Error(`Unrecognized function: '${t.value}' in expression: ${src}`);
        const args: Node[] = [];
        if (!isPunct(')')) {
          args.push(or());
          while (isPunct(',')) {
            pos++;
            args.push(or());
          }
        }
        expectPunct(')');
        if (args.length < arity[0]) throw new Error(`Too few parameters supplied: '${t.value}' in expression: ${src}`);
        if (args.length > arity[1]) throw new Error(`Too many parameters supplied: '${t.value}' in expression: ${src}`);
        return { type: 'call', name: lower, args };
      }
      if (lower === 'true' || lower === 'false') return { type: 'lit', value: lower === 'true' };
      if (lower === 'null') return { type: 'lit', value: null };
      if (t.value === 'NaN') return { type: 'lit', value: NaN };
      if (t.value === 'Infinity') return { type: 'lit', value: Infinity };
      return { type: 'ctx', name: lower };
    }
    pos--;
    return fail('Unexpected token');
  };

  const postfix = (): Node => {
    let node = primary();
    for (;;) {
      if (isPunct('.')) {
        pos++;
        const t = peek();
        pos++;
        if (t.kind === 'punct' && t.value === '*') node = { type: 'star', target: node };
        else if (t.kind === 'ident') node = { type: 'prop', target: node, name: t.value };
        else {
          pos--;
          fail('Expected a property name');
        }
      } else if (isPunct('[')) {
        pos++;
        if (isPunct('*')) {
          pos++;
          node = { type: 'star', target: node };
        } else {
          node = { type: 'index', target: node, index: or() };
        }
        expectPunct(']');
      } else {
        return node;
      }
    }
  };

  const unary = (): Node => {
    if (isPunct('!')) {
      pos++;
      return { type: 'not', operand: unary() };
    }
    return postfix();
  };
  const comparison = binary(unary, ['<', '<=', '>', '>=']);
  const equality = binary(comparison, ['==', '!=']);
  const and = binary(equality, ['&&']);
  const or: () => Node = binary(and, ['||']);

  if (peek().kind === 'eof') fail('Empty expression');
  const node = or();
  if (peek().kind !== 'eof') fail('Unexpected token');
  return node;
}

function usesStatusFunction(node: Node): boolean {
  switch (node.type) {
    case 'call':
      return STATUS_FUNCTIONS.has(node.name) || node.args.some(usesStatusFunction);
    case 'prop':
    case 'star':
      return usesStatusFunction(node.target);
    case 'index':
      return usesStatusFunction(node.target) || usesStatusFunction(node.index);
    case 'not':
      return usesStatusFunction(node.operand);
    case 'bin':
      return usesStatusFunction(node.left) || usesStatusFunction(node.right);
    default:
      return false;
  }
}

/** How GitHub turns a value into text (in `${{ }}` substitution, env values, outputs). */
export function exprToString(v: ExprValue): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Object.is(v, -0) ? '0' : String(v);
  if (typeof v === 'string') return v;
  return Array.isArray(v) ? 'Array' : 'Object';
}

export function isTruthy(v: ExprValue): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v !== '';
  return true;
}

function toNumber(v: ExprValue): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return 0;
    return JSON_NUMBER.test(t) ? Number(t) : NaN;
  }
  return NaN;
}

function kindOf(v: ExprValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function looseEquals(a: ExprValue, b: ExprValue): boolean {
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return toNumber(a) === toNumber(b);
  if (typeof a === 'string' && typeof b === 'string') return a.toUpperCase() === b.toUpperCase();
  return a === b;
}

function compare(a: ExprValue, b: ExprValue, op: string): boolean {
  let cmp: number;
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.toUpperCase();
    const y = b.toUpperCase();
    cmp = x < y ? -1 : x > y ? 1 : 0;
  } else {
    const x = toNumber(a);
    const y = toNumber(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return false;
    cmp = x - y;
  }
  return op === '<' ? cmp < 0 : op === '<=' ? cmp <= 0 : op === '>' ? cmp > 0 : cmp >= 0;
}

function lookup(obj: ExprObject, key: string): ExprValue | undefined {
  if (Object.hasOwn(obj, key)) return obj[key];
  const lower = key.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

function formatString(args: ExprValue[]): string {
  const fmt = exprToString(args[0] ?? null);
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if ((c === '{' || c === '}') && fmt[i + 1] === c) {
      out += c;
      i++;
    } else if (c === '{') {
      const m = /^\{(\d+)\}/.exec(fmt.slice(i));
      if (!m) throw new Error(`The following format string is invalid: ${fmt}`);
      const n = Number(m[1]);
      if (n + 1 >= args.length) throw new Error(`The following format string references more arguments than were supplied: ${fmt}`);
      out += exprToString(args[n + 1]!);
      i += m[0].length - 1;
    } else if (c === '}') {
      throw new Error(`The following format string is invalid: ${fmt}`);
    } else {
      out += c;
    }
  }
  return out;
}

function jsonToExpr(v: unknown): ExprValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(jsonToExpr);
  if (typeof v === 'object') {
    const out: ExprObject = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = jsonToExpr(x);
    return out;
  }
  return null;
}

function evaluateNode(node: Node, scope: ExpressionScope, src: string): ExprValue {
  // Arrays made by a `*` filter: a property of one is that property of each element (needs.*.result).
  const filtered = new WeakSet<ExprValue[]>();
  const emptyObjects = new Set<ExprValue>((scope.emptyWhenMissing ?? []).map((name) => scope.contexts[name] ?? null));

  const prop = (target: ExprValue, key: string): ExprValue => {
    if (target === null || typeof target !== 'object') return null;
    if (Array.isArray(target)) {
      if (!filtered.has(target)) return null;
      const out: ExprValue[] = [];
      for (const el of target) {
        const v = prop(el, key);
        if (v !== null) out.push(v);
      }
      filtered.add(out);
      return out;
    }
    const v = lookup(target, key);
    if (v !== undefined) return v;
    return emptyObjects.has(target) ? '' : null;
  };

  const ev = (n: Node): ExprValue => {
    switch (n.type) {
      case 'lit':
        return n.value;
      case 'ctx': {
        const v = lookup(scope.contexts as ExprObject, n.name);
        if (v === undefined) throw new Error(`Unrecognized named-value: '${n.name}' in expression: ${src}`);
        return v;
      }
      case 'prop':
        return prop(ev(n.target), n.name);
      case 'index': {
        const target = ev(n.target);
        const index = ev(n.index);
        if (Array.isArray(target) && !filtered.has(target)) {
          if (typeof index !== 'number' && typeof index !== 'string') return null;
          const i = toNumber(index);
          return Number.isInteger(i) && i >= 0 && i < target.length ? target[i]! : null;
        }
        return prop(target, exprToString(index));
      }
      case 'star': {
        const target = ev(n.target);
        let out: ExprValue[];
        if (Array.isArray(target)) out = [...target];
        else if (target !== null && typeof target === 'object') out = Object.values(target);
        else out = [];
        filtered.add(out);
        return out;
      }
      case 'not':
        return !isTruthy(ev(n.operand));
      case 'bin': {
        const left = ev(n.left);
        if (n.op === '&&') return isTruthy(left) ? ev(n.right) : left;
        if (n.op === '||') return isTruthy(left) ? left : ev(n.right);
        const right = ev(n.right);
        if (n.op === '==') return looseEquals(left, right);
        if (n.op === '!=') return !looseEquals(left, right);
        return compare(left, right, n.op);
      }
      case 'call':
        return call(n.name, n.args);
    }
  };

  const call = (name: string, argNodes: Node[]): ExprValue => {
    if (STATUS_FUNCTIONS.has(name)) {
      if (name === 'always') return true;
      if (!scope.status) throw new Error(`The function '${name}' is not allowed here, in expression: ${src}`);
      return scope.status[name as 'success' | 'failure' | 'cancelled'];
    }
    const args = argNodes.map(ev);
    const a0 = args[0] ?? null;
    const a1 = args[1] ?? null;
    switch (name) {
      case 'contains':
        if (Array.isArray(a0)) return a0.some((el) => looseEquals(el, a1));
        return exprToString(a0).toUpperCase().includes(exprToString(a1).toUpperCase());
      case 'startswith':
        return exprToString(a0).toUpperCase().startsWith(exprToString(a1).toUpperCase());
      case 'endswith':
        return exprToString(a0).toUpperCase().endsWith(exprToString(a1).toUpperCase());
      case 'format':
        return formatString(args);
      case 'join':
        if (!Array.isArray(a0)) return exprToString(a0);
        return a0.map(exprToString).join(args.length > 1 ? exprToString(a1) : ',');
      case 'tojson':
        return JSON.stringify(a0, null, 2);
      case 'fromjson': {
        const text = exprToString(a0);
        try {
          return jsonToExpr(JSON.parse(text));
        } catch {
          throw new Error(`Error parsing fromJson: invalid JSON ${JSON.stringify(text)}, in expression: ${src}`);
        }
      }
      case 'hashfiles':
        if (!scope.hashFiles) throw new Error(`hashFiles is not supported here, in expression: ${src}`);
        return scope.hashFiles(args.map(exprToString));
      default:
        throw new Error(`Unrecognized function: '${name}'`);
    }
  };

  return ev(node);
}

/** Evaluates one expression (the text inside `${{ }}`, or a bare `if:`). */
export function evaluateExpression(expression: string, scope: ExpressionScope): ExprValue {
  return evaluateNode(parseExpression(expression), scope, expression);
}

type TemplatePart = { text: string } | { expr: string };

function splitTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let i = 0;
  for (;;) {
    const start = text.indexOf('${{', i);
    if (start < 0) {
      if (i < text.length) parts.push({ text: text.slice(i) });
      return parts;
    }
    if (start > i) parts.push({ text: text.slice(i, start) });
    // The closing `}}` is the first one outside a string literal: `${{ format('{{}}') }}` is one expression.
    let j = start + 3;
    let inString = false;
    for (; j < text.length; j++) {
      const c = text[j];
      if (inString) {
        if (c === "'") {
          if (text[j + 1] === "'") j++;
          else inString = false;
        }
      } else if (c === "'") {
        inString = true;
      } else if (c === '}' && text[j + 1] === '}') {
        break;
      }
    }
    if (j >= text.length) throw new Error(`The expression is not closed (a '}}' is missing): ${text}`);
    parts.push({ expr: text.slice(start + 3, j) });
    i = j + 2;
  }
}

/** Substitutes every `${{ }}` in a string. */
export function interpolate(text: string, scope: ExpressionScope): string {
  return splitTemplate(text)
    .map((p) => ('text' in p ? p.text : exprToString(evaluateExpression(p.expr, scope))))
    .join('');
}

/** A YAML value that may be a whole `${{ }}` expression, which keeps its type (a matrix vector, a boolean). */
export function evaluateValue(value: unknown, scope: ExpressionScope): ExprValue {
  if (typeof value !== 'string') return jsonToExpr(value);
  const parts = splitTemplate(value.trim());
  const only = parts[0];
  if (parts.length === 1 && only && 'expr' in only) return evaluateExpression(only.expr, scope);
  return interpolate(value, scope);
}

/**
 * An `if:`, which may or may not be wrapped in `${{ }}`; without a status function it means
 * `success() && (...)`, as on GitHub.
 */
export function evaluateCondition(condition: unknown, scope: ExpressionScope): boolean {
  const status = scope.status ?? { success: true, failure: false, cancelled: false };
  if (condition === undefined || condition === null || condition === '') return status.success;
  if (typeof condition === 'boolean' || typeof condition === 'number') return status.success && isTruthy(condition);
  let expr = String(condition).trim();
  const parts = splitTemplate(expr);
  const only = parts[0];
  if (parts.length === 1 && only && 'expr' in only) expr = only.expr;
  else if (parts.some((p) => 'expr' in p)) return status.success && interpolate(expr, scope) !== '';
  const node = parseExpression(expr);
  if (!usesStatusFunction(node) && !status.success) return false;
  return isTruthy(evaluateNode(node, { ...scope, status }, expr));
}

// ---------------------------------------------------------------------------------------------------
// Globs, as @actions/glob matches them (upload-artifact, cache paths, hashFiles): `*` and `**` match
// dot files, a pattern matching a directory matches what is below it (implicit descendants), `!` excludes.

const GLOB_CHARS = /[*?[]/;
const MATCH_DIR = 1;
const MATCH_FILE = 2;

interface GlobPattern {
  negate: boolean;
  segments: string[];
  dirOnly: boolean;
  searchPath: string;
}

const segmentRegexCache = new Map<string, RegExp>();
function segmentRegex(seg: string, dot: boolean): RegExp {
  const cacheKey = `${dot ? 1 : 0}${seg}`;
  const cached = segmentRegexCache.get(cacheKey);
  if (cached) return cached;
  let re = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '[' && seg.indexOf(']', i + 2) > 0) {
      const close = seg.indexOf(']', i + 2);
      const body = seg.slice(i + 1, close);
      re += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
      i = close;
    } else re += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  const regex = new RegExp(`^${!dot && /^[*?[]/.test(seg) ? '(?!\\.)' : ''}${re}$`);
  segmentRegexCache.set(cacheKey, regex);
  return regex;
}

function matchSegments(pat: readonly string[], path: readonly string[], dot: boolean): boolean {
  const go = (pi: number, si: number): boolean => {
    if (pi === pat.length) return si === path.length;
    const seg = pat[pi]!;
    if (seg === '**') {
      for (let k = si; k <= path.length; k++) {
        if (go(pi + 1, k)) return true;
        if (k < path.length && !dot && path[k]!.startsWith('.')) return false;
      }
      return false;
    }
    return si < path.length && segmentRegex(seg, dot).test(path[si]!) && go(pi + 1, si + 1);
  };
  return go(0, 0);
}

function partialMatch(pat: readonly string[], path: readonly string[]): boolean {
  for (let i = 0; i < path.length; i++) {
    const seg = pat[i];
    if (seg === undefined) return false;
    if (seg === '**') return true;
    if (!segmentRegex(seg, true).test(path[i]!)) return false;
  }
  return true;
}

/** A name matched as minimatch does by default (download-artifact's `pattern`): `*` skips a leading dot. */
function minimatchName(pattern: string, name: string): boolean {
  return matchSegments(pattern.split('/'), name.split('/'), false);
}

const splitPath = (p: string): string[] => (p === '/' ? [''] : p.split('/'));

function expandTilde(p: string): string {
  return p === '~' || p.startsWith('~/') ? homedir() + p.slice(1) : p;
}

function parseGlobPatterns(lines: string[], cwd: string, implicitDescendants: boolean): GlobPattern[] {
  const out: GlobPattern[] = [];
  for (const raw of lines) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    let negate = false;
    while (line.startsWith('!')) {
      negate = !negate;
      line = line.slice(1);
    }
    const dirOnly = line.endsWith('/');
    const segments = splitPath(resolve(cwd, expandTilde(line)));
    let i = 0;
    while (i < segments.length && !GLOB_CHARS.test(segments[i]!)) i++;
    const searchPath = segments.slice(0, i).join('/') || '/';
    out.push({ negate, segments, dirOnly, searchPath });
    if (implicitDescendants && (dirOnly || segments[segments.length - 1] !== '**')) {
      out.push({ negate, segments: [...segments, '**'], dirOnly: false, searchPath });
    }
  }
  return out;
}

/** @actions/glob's getSearchPaths: one per include pattern, less those below another one. */
function searchPathsOf(patterns: GlobPattern[]): string[] {
  const includes = patterns.filter((p) => !p.negate);
  const candidates = new Set(includes.map((p) => p.searchPath));
  const result: string[] = [];
  for (const p of includes) {
    if (result.includes(p.searchPath)) continue;
    let cur = p.searchPath;
    let parent = dirname(cur);
    let foundAncestor = false;
    while (parent !== cur) {
      if (candidates.has(parent)) {
        foundAncestor = true;
        break;
      }
      cur = parent;
      parent = dirname(cur);
    }
    if (!foundAncestor) result.push(p.searchPath);
  }
  return result;
}

function globPaths(lines: string[], cwd: string, opts: { implicitDescendants: boolean; excludeHidden: boolean }): { matches: string[]; searchPaths: string[] } {
  const patterns = parseGlobPatterns(lines, cwd, opts.implicitDescendants);
  const searchPaths = searchPathsOf(patterns);
  const matches: string[] = [];
  const seen = new Set<string>();
  for (const root of searchPaths) {
    const stack = [root];
    const visitedDirs = new Set<string>();
    while (stack.length > 0) {
      const item = stack.pop()!;
      // Checked on every item, the search root included, as @actions/glob does: a hidden directory is never entered.
      if (opts.excludeHidden && basename(item).startsWith('.')) continue;
      const segs = splitPath(item);
      let kind = 0;
      for (const p of patterns) {
        if (!matchSegments(p.segments, segs, true)) continue;
        const k = p.dirOnly ? MATCH_DIR : MATCH_DIR | MATCH_FILE;
        kind = p.negate ? kind & ~k : kind | k;
      }
      if (kind === 0 && !patterns.some((p) => !p.negate && partialMatch(p.segments, segs))) continue;
      let isDir: boolean;
      try {
        isDir = statSync(item).isDirectory(); // follows symlinks; a broken one is left out
      } catch {
        continue;
      }
      if (isDir) {
        if (kind & MATCH_DIR && !seen.has(item)) {
          seen.add(item);
          matches.push(item);
        }
        const real = realpathSync(item);
        if (visitedDirs.has(real)) continue;
        visitedDirs.add(real);
        for (const name of readdirSync(item).sort().reverse()) stack.push(join(item, name));
      } else if (kind & MATCH_FILE && !seen.has(item)) {
        seen.add(item);
        matches.push(item);
      }
    }
  }
  return { matches, searchPaths };
}

/** upload-artifact v4's findFilesToUpload: the files, and the root their paths in the artifact are relative to. */
function findFilesToUpload(lines: string[], cwd: string, includeHidden: boolean): { files: string[]; root: string } {
  const { matches, searchPaths } = globPaths(lines, cwd, { implicitDescendants: true, excludeHidden: !includeHidden });
  const files = matches.filter((m) => !statSync(m).isDirectory());
  if (searchPaths.length > 1) {
    // The least common ancestor of the search paths (not of the files found under them).
    const split = searchPaths.map((p) => normalize(p).split(sep));
    const shortest = Math.min(...split.map((s) => s.length));
    const common: string[] = searchPaths[0]!.startsWith(sep) ? [sep] : [];
    for (let i = 0; i < shortest && split.every((s) => s[i] === split[0]![i]); i++) common.push(split[0]![i]!);
    return { files, root: join(...common) };
  }
  if (files.length === 1 && searchPaths[0] === files[0]) return { files, root: dirname(files[0]!) };
  return { files, root: searchPaths[0] ?? cwd };
}

// ---------------------------------------------------------------------------------------------------
// Workflow file

interface Defaults {
  shell?: string | undefined;
  workingDirectory?: string | undefined;
}

interface StepDef {
  index: number;
  id: string | undefined;
  name: string | undefined;
  if: unknown;
  uses: string | undefined;
  run: string | undefined;
  with: Record<string, unknown>;
  env: Record<string, unknown>;
  shell: string | undefined;
  workingDirectory: string | undefined;
  continueOnError: unknown;
  timeoutMinutes: unknown;
}

interface JobDef {
  id: string;
  name: string | undefined;
  needs: string[];
  if: unknown;
  env: Record<string, unknown>;
  outputs: Record<string, unknown>;
  steps: StepDef[];
  matrix: unknown;
  failFast: unknown;
  timeoutMinutes: unknown;
  defaults: Defaults;
}

interface WorkflowDef {
  file: string;
  name: string;
  on: Record<string, unknown>;
  env: Record<string, unknown>;
  defaults: Defaults;
  jobs: JobDef[];
}

const WORKFLOW_KEYS = new Set(['name', 'run-name', 'on', 'env', 'jobs', 'permissions', 'concurrency', 'defaults']);
// Accepted and ignored: nothing here depends on the machine type, token permissions or environments.
const JOB_KEYS = new Set([
  'name',
  'needs',
  'if',
  'runs-on',
  'timeout-minutes',
  'strategy',
  'env',
  'outputs',
  'steps',
  'permissions',
  'concurrency',
  'environment',
  'defaults',
]);
const STEP_KEYS = new Set(['id', 'name', 'if', 'uses', 'run', 'with', 'env', 'shell', 'working-directory', 'continue-on-error', 'timeout-minutes']);
const STRATEGY_KEYS = new Set(['matrix', 'fail-fast', 'max-parallel']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optString = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

function checkKeys(obj: Record<string, unknown>, allowed: Set<string>, where: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.has(key)) throw new Error(`${where}: '${key}' is not emulated by the local runner (tests/helpers/actions-runner.ts)`);
  }
}

function readDefaults(v: unknown): Defaults {
  const run = isRecord(v) && isRecord(v['run']) ? v['run'] : {};
  return { shell: optString(run['shell']), workingDirectory: optString(run['working-directory']) };
}

function loadWorkflow(file: string): WorkflowDef {
  const doc: unknown = parseYaml(readFileSync(file, 'utf8'));
  if (!isRecord(doc)) throw new Error(`${file}: not a workflow (a mapping at the top is expected)`);
  checkKeys(doc, WORKFLOW_KEYS, file);
  const rawOn = doc['on'];
  let on: Record<string, unknown>;
  if (typeof rawOn === 'string') on = { [rawOn]: null };
  else if (Array.isArray(rawOn)) on = Object.fromEntries(rawOn.map((e) => [String(e), null]));
  else if (isRecord(rawOn)) on = rawOn;
  else throw new Error(`${file}: 'on' is missing`);
  const rawJobs = doc['jobs'];
  if (!isRecord(rawJobs) || Object.keys(rawJobs).length === 0) throw new Error(`${file}: 'jobs' is missing`);

  const jobs: JobDef[] = Object.entries(rawJobs).map(([id, raw]) => {
    const where = `${file}: jobs.${id}`;
    if (!isRecord(raw)) throw new Error(`${where}: not a mapping`);
    checkKeys(raw, JOB_KEYS, where);
    const strategy = raw['strategy'];
    if (strategy !== undefined && !isRecord(strategy)) throw new Error(`${where}.strategy: not a mapping`);
    if (strategy) checkKeys(strategy, STRATEGY_KEYS, `${where}.strategy`);
    const needs = raw['needs'] === undefined ? [] : Array.isArray(raw['needs']) ? raw['needs'].map(String) : [String(raw['needs'])];
    const rawSteps = raw['steps'];
    if (!Array.isArray(rawSteps) || rawSteps.length === 0) throw new Error(`${where}: 'steps' is missing`);
    const steps = rawSteps.map((s: unknown, index): StepDef => {
      const at = `${where}.steps[${index}]`;
      if (!isRecord(s)) throw new Error(`${at}: not a mapping`);
      checkKeys(s, STEP_KEYS, at);
      const uses = optString(s['uses']);
      const run = optString(s['run']);
      if ((uses === undefined) === (run === undefined)) throw new Error(`${at}: a step has either 'uses' or 'run'`);
      if (uses !== undefined && !ACTIONS[actionName(uses)]) {
        throw new Error(`${at}: 'uses: ${uses}' is not emulated by the local runner (only ${Object.keys(ACTIONS).join(', ')})`);
      }
      if (uses !== undefined && !uses.includes('@')) throw new Error(`${at}: 'uses: ${uses}' has no @version`);
      return {
        index,
        id: optString(s['id']),
        name: optString(s['name']),
        if: s['if'],
        uses,
        run,
        with: isRecord(s['with']) ? s['with'] : {},
        env: isRecord(s['env']) ? s['env'] : {},
        shell: optString(s['shell']),
        workingDirectory: optString(s['working-directory']),
        continueOnError: s['continue-on-error'],
        timeoutMinutes: s['timeout-minutes'],
      };
    });
    return {
      id,
      name: optString(raw['name']),
      needs,
      if: raw['if'],
      env: isRecord(raw['env']) ? raw['env'] : {},
      outputs: isRecord(raw['outputs']) ? raw['outputs'] : {},
      steps,
      matrix: strategy?.['matrix'],
      failFast: strategy?.['fail-fast'],
      timeoutMinutes: raw['timeout-minutes'],
      defaults: readDefaults(raw['defaults']),
    };
  });

  const ids = new Set(jobs.map((j) => j.id));
  for (const job of jobs) {
    for (const n of job.needs) if (!ids.has(n)) throw new Error(`${file}: job '${job.id}' needs '${n}', which is not a job of this workflow`);
  }
  return {
    file,
    name: optString(doc['name']) ?? basename(file),
    on,
    env: isRecord(doc['env']) ? doc['env'] : {},
    defaults: readDefaults(doc['defaults']),
    jobs: topologicalOrder(jobs, file),
  };
}

/** File order, except that a job comes after the jobs it needs. */
function topologicalOrder(jobs: JobDef[], file: string): JobDef[] {
  const done = new Set<string>();
  const out: JobDef[] = [];
  while (out.length < jobs.length) {
    const next = jobs.find((j) => !done.has(j.id) && j.needs.every((n) => done.has(n)));
    if (!next) throw new Error(`${file}: the jobs' needs form a cycle`);
    done.add(next.id);
    out.push(next);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Emulated actions

interface ActionCall {
  inputs: Record<string, string>;
  workspace: string;
  run: RunState;
  leg: LegState;
  setOutput: (name: string, value: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

interface ActionDef {
  inputs: string[];
  required?: string[];
  /** Prefix of the failure message, as the action's own catch writes it. */
  failurePrefix?: string;
  run: (call: ActionCall) => void;
}

const lines = (v: string | undefined): string[] =>
  (v ?? '')
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** core.getBooleanInput: only YAML 1.2 core schema booleans. */
function booleanInput(call: ActionCall, name: string): boolean {
  const v = call.inputs[name] ?? '';
  if (v === '') return false;
  if (['true', 'True', 'TRUE'].includes(v)) return true;
  if (['false', 'False', 'FALSE'].includes(v)) return false;
  throw new TypeError(
    `Input does not meet YAML 1.2 "Core Schema" specification: ${name}\nSupport boolean input list: \`true | True | TRUE | false | False | FALSE\``,
  );
}

function copyTree(src: string, dest: string): void {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dirname(dest), { recursive: true });
  // cp -a keeps modes, times, symlinks and the hard links among what one call copies, as tar does.
  execFileSync('cp', ['-a', '--', src, dest]);
}

interface CacheEntry {
  seq: number;
  key: string;
  version: string;
  runId: string;
  runAttempt: string;
  job: string;
  leg: number;
  paths: string[];
  dir: string;
}

function cacheEntries(stateDir: string): CacheEntry[] {
  const root = join(stateDir, 'caches');
  if (!existsSync(root)) return [];
  const out: CacheEntry[] = [];
  for (const name of readdirSync(root)) {
    const meta = join(root, name, 'meta.json');
    if (existsSync(meta)) out.push({ ...(JSON.parse(readFileSync(meta, 'utf8')) as Omit<CacheEntry, 'dir'>), dir: join(root, name) });
  }
  return out.sort((a, b) => b.seq - a.seq);
}

function validateCacheKeys(keys: string[]): void {
  if (keys.length > 10) throw new Error('Key Validation Error: Keys are limited to a maximum of 10.');
  for (const key of keys) {
    if (key.length > 512) throw new Error(`Key Validation Error: ${key} cannot be larger than 512 characters.`);
    if (key.includes(',')) throw new Error(`Key Validation Error: ${key} cannot contain commas.`);
  }
}

function nextCounter(stateDir: string, name: string): number {
  const file = join(stateDir, 'counters.json');
  const counters = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
  const n = (counters[name] ?? 0) + 1;
  counters[name] = n;
  writeFileSync(file, JSON.stringify(counters));
  return n;
}

interface ArtifactMeta {
  id: number;
  name: string;
  job: string;
  dir: string;
}

function runArtifacts(run: RunState): ArtifactMeta[] {
  const root = join(run.stateDir, 'artifacts', run.runId);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'meta.json')))
    .map((d) => ({ ...(JSON.parse(readFileSync(join(root, d, 'meta.json'), 'utf8')) as Omit<ArtifactMeta, 'dir'>), dir: join(root, d) }))
    .sort((a, b) => a.id - b.id);
}

const INVALID_ARTIFACT_NAME = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];
const INVALID_ARTIFACT_PATH = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n'];

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(join(dir, d.name), join(prefix, d.name)) : [join(prefix, d.name)],
  );
}

const ACTIONS: Record<string, ActionDef> = {
  // The workspace the test prepared is the checkout.
  'actions/checkout': {
    inputs: [
      'repository',
      'ref',
      'token',
      'ssh-key',
      'ssh-known-hosts',
      'ssh-strict',
      'ssh-user',
      'persist-credentials',
      'path',
      'clean',
      'filter',
      'sparse-checkout',
      'sparse-checkout-cone-mode',
      'fetch-depth',
      'fetch-tags',
      'show-progress',
      'lfs',
      'submodules',
      'set-safe-directory',
      'github-server-url',
    ],
    run: (c) => c.info(`Using the prepared checkout in ${c.workspace}`),
  },
  // Node is whatever the steps' PATH finds; what the real action would refuse is still refused.
  'actions/setup-node': {
    inputs: [
      'always-auth',
      'node-version',
      'node-version-file',
      'architecture',
      'check-latest',
      'registry-url',
      'scope',
      'token',
      'cache',
      'package-manager-cache',
      'cache-dependency-path',
      'mirror',
      'mirror-token',
    ],
    run: (c) => {
      const versionFile = c.inputs['node-version-file'];
      if (versionFile && !existsSync(resolve(c.workspace, versionFile))) {
        throw new Error(`The specified node version file at: ${resolve(c.workspace, versionFile)} does not exist`);
      }
      const cache = c.inputs['cache'];
      if (cache) {
        if (!['npm', 'yarn', 'pnpm'].includes(cache)) throw new Error(`Caching for '${cache}' is not supported`);
        const wanted = lines(c.inputs['cache-dependency-path']);
        const patterns =
          wanted.length > 0
            ? wanted
            : cache === 'npm'
              ? ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock']
              : [cache === 'yarn' ? 'yarn.lock' : 'pnpm-lock.yaml'];
        const found = globPaths(patterns, c.workspace, { implicitDescendants: false, excludeHidden: false }).matches;
        if (found.length === 0) {
          throw new Error(
            wanted.length > 0
              ? 'Some specified paths were not resolved, unable to cache dependencies.'
              : `Dependencies lock file is not found in ${c.workspace}. Supported file patterns: ${patterns.join(',')}`,
          );
        }
      }
      c.setOutput('node-version', process.version);
      c.setOutput('cache-hit', 'false');
    },
  },
  'actions/cache/restore': {
    inputs: ['path', 'key', 'restore-keys', 'enablecrossosarchive', 'fail-on-cache-miss', 'lookup-only'],
    required: ['path', 'key'],
    run: (c) => {
      const key = c.inputs['key']!;
      const restoreKeys = lines(c.inputs['restore-keys']);
      const paths = lines(c.inputs['path']);
      validateCacheKeys([key, ...restoreKeys]);
      c.setOutput('cache-primary-key', key);
      // The cache's version is its path list: an entry saved with other paths never matches.
      const version = paths.join('|');
      const candidates = cacheEntries(c.run.stateDir).filter(
        (e) => e.version === version && !(e.runId === c.run.runId && e.runAttempt === c.run.runAttempt && e.job === c.leg.jobId && e.leg !== c.leg.index),
      );
      // GitHub's order: the key exactly, then the newest entry the key prefixes, then each restore key's newest.
      const match =
        candidates.find((e) => e.key === key) ?? [key, ...restoreKeys].map((k) => candidates.find((e) => e.key.startsWith(k))).find((e) => e !== undefined);
      if (!match) {
        if (booleanInput(c, 'fail-on-cache-miss')) {
          throw new Error(`Failed to restore cache entry. Exiting as fail-on-cache-miss is set. Input key: ${key}`);
        }
        c.info(`Cache not found for input keys: ${[key, ...restoreKeys].join(', ')}`);
        return;
      }
      c.setOutput('cache-matched-key', match.key);
      c.setOutput('cache-hit', String(key.localeCompare(match.key, undefined, { sensitivity: 'accent' }) === 0));
      if (booleanInput(c, 'lookup-only')) {
        c.info(`Cache found and can be restored from key: ${match.key}`);
        return;
      }
      match.paths.forEach((rel, i) => copyTree(join(match.dir, 'data', String(i)), resolve(c.workspace, rel)));
      c.info(`Cache restored from key: ${match.key}`);
    },
  },
  'actions/cache/save': {
    inputs: ['path', 'key', 'upload-chunk-size', 'enablecrossosarchive'],
    required: ['path', 'key'],
    run: (c) => {
      const key = c.inputs['key']!;
      const paths = lines(c.inputs['path']);
      validateCacheKeys([key]);
      const found = globPaths(paths, c.workspace, { implicitDescendants: false, excludeHidden: false }).matches;
      if (found.length === 0) {
        c.warning('Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.');
        return;
      }
      const version = paths.join('|');
      if (cacheEntries(c.run.stateDir).some((e) => e.key === key && e.version === version)) {
        c.warning(`Failed to save: Unable to reserve cache with key ${key}, another job may be creating this cache.`);
        return;
      }
      const seq = nextCounter(c.run.stateDir, 'cache');
      const dir = join(c.run.stateDir, 'caches', String(seq).padStart(6, '0'));
      const rels = found.map((p) => relative(c.workspace, p) || '.');
      rels.forEach((rel, i) => copyTree(resolve(c.workspace, rel), join(dir, 'data', String(i))));
      // Written last: an entry without its meta.json (a save killed half way) does not exist.
      const meta: Omit<CacheEntry, 'dir'> = {
        seq,
        key,
        version,
        runId: c.run.runId,
        runAttempt: c.run.runAttempt,
        job: c.leg.jobId,
        leg: c.leg.index,
        paths: rels,
      };
      writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta, null, 2));
      c.info(`Cache saved with key: ${key}`);
    },
  },
  'actions/upload-artifact': {
    inputs: ['name', 'path', 'if-no-files-found', 'retention-days', 'compression-level', 'overwrite', 'include-hidden-files'],
    required: ['path'],
    run: (c) => {
      const name = c.inputs['name'] || 'artifact';
      const bad = INVALID_ARTIFACT_NAME.find((ch) => name.includes(ch));
      if (bad) throw new Error(`The artifact name is not valid: ${name}. Contains the following character: ${JSON.stringify(bad)}`);
      const ifNoFiles = c.inputs['if-no-files-found'] || 'warn';
      if (!['warn', 'error', 'ignore'].includes(ifNoFiles)) {
        throw new Error(`Unrecognized if-no-files-found input. Provided: ${ifNoFiles}. Available options: warn,error,ignore`);
      }
      const searchPath = c.inputs['path']!;
      const { files, root } = findFilesToUpload(searchPath.split('\n'), c.workspace, booleanInput(c, 'include-hidden-files'));
      if (files.length === 0) {
        const message = `No files were found with the provided path: ${searchPath}. No artifacts will be uploaded.`;
        if (ifNoFiles === 'error') throw new Error(message);
        if (ifNoFiles === 'warn') c.warning(message);
        else c.info(message);
        return;
      }
      const existing = runArtifacts(c.run).find((a) => a.name === name);
      if (existing) {
        if (!booleanInput(c, 'overwrite')) {
          throw new Error(
            'Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists on the workflow run',
          );
        }
        rmSync(existing.dir, { recursive: true, force: true });
      }
      const id = nextCounter(c.run.stateDir, 'artifact');
      const dir = join(c.run.stateDir, 'artifacts', c.run.runId, String(id).padStart(6, '0'));
      const digest = createHash('sha256');
      for (const file of files) {
        const rel = relative(root, file);
        if (rel.startsWith('..')) throw new Error(`The rootDirectory: ${root} is not a parent directory of the file: ${file}`);
        const badChar = INVALID_ARTIFACT_PATH.find((ch) => rel.includes(ch));
        if (badChar)
          throw new Error(`The path for one of the files in artifact is not valid: ${rel}. Contains the following character: ${JSON.stringify(badChar)}`);
        mkdirSync(dirname(join(dir, 'files', rel)), { recursive: true });
        copyFileSync(file, join(dir, 'files', rel)); // the content: a zip keeps neither symlinks nor modes
        digest.update(rel).update(readFileSync(file));
      }
      const meta: Omit<ArtifactMeta, 'dir'> = { id, name, job: c.leg.jobId };
      writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta));
      c.info(`Artifact ${name} has been successfully uploaded! Final size is ${files.length} file(s)`);
      c.setOutput('artifact-id', String(id));
      c.setOutput('artifact-url', `${c.run.github['server_url'] as string}/${c.run.repository}/actions/runs/${c.run.runId}/artifacts/${id}`);
      c.setOutput('artifact-digest', digest.digest('hex'));
    },
  },
  'actions/download-artifact': {
    inputs: ['name', 'pattern', 'path', 'merge-multiple', 'github-token', 'repository', 'run-id', 'artifact-ids'],
    failurePrefix: 'Unable to download artifact(s): ',
    run: (c) => {
      for (const input of ['github-token', 'repository', 'run-id', 'artifact-ids']) {
        if (c.inputs[input]) throw new Error(`'${input}' (another run's or repository's artifacts) is not emulated by the local runner`);
      }
      const resolved = resolve(c.workspace, expandTilde(c.inputs['path'] || c.workspace));
      const name = c.inputs['name'];
      const pattern = c.inputs['pattern'];
      const mergeMultiple = booleanInput(c, 'merge-multiple');
      let artifacts = runArtifacts(c.run);
      if (name) {
        const one = artifacts.find((a) => a.name === name);
        if (!one) throw new Error(`Artifact '${name}' not found`);
        artifacts = [one];
      } else if (pattern) {
        artifacts = artifacts.filter((a) => minimatchName(pattern, a.name));
      }
      for (const a of artifacts) {
        const dest = name || mergeMultiple ? resolved : join(resolved, a.name);
        for (const rel of listFiles(join(a.dir, 'files'))) {
          mkdirSync(dirname(join(dest, rel)), { recursive: true });
          copyFileSync(join(a.dir, 'files', rel), join(dest, rel));
          chmodSync(join(dest, rel), 0o644); // unzipped files get default modes
        }
        c.info(`Downloaded ${a.name} to ${dest}`);
      }
      c.info(`Total of ${artifacts.length} artifact(s) downloaded`);
      if (artifacts.length > 0) c.setOutput('download-path', resolved);
    },
  },
};

function actionName(uses: string): string {
  return uses.split('@')[0]!.toLowerCase();
}

// ---------------------------------------------------------------------------------------------------
// Running

interface RunState {
  wf: WorkflowDef;
  opts: RunnerOptions;
  runId: string;
  runAttempt: string;
  repository: string;
  stateDir: string;
  github: ExprObject;
  inputs: ExprObject;
  vars: ExprObject;
  secrets: ExprObject;
  wfEnv: Record<string, string>;
  verbose: boolean;
}

interface LegState {
  jobId: string;
  name: string;
  index: number;
  workspace: string;
  runnerTemp: string;
  matrix: ExprObject | undefined;
  needs: ExprObject;
  strategy: ExprObject;
  jobEnv: Record<string, string>;
  status: 'success' | 'failure' | 'cancelled';
  envAdds: Record<string, string>;
  pathAdds: string[];
  stepsCtx: ExprObject;
  annotations: Annotation[];
  commandAnnotations: number;
  summary: string[];
  processGroups: number[];
  /** Kill time of the job's steps (its timeout-minutes), then of the steps still run after that cancelled it. */
  deadline: number;
  timeoutMinutes: number;
}

const JOB_TIMEOUT_DEFAULT_MINUTES = 360;
// After a job's timeout cancels it, its always() steps still run, within this many minutes (GitHub's cancel timeout).
const CANCEL_TIMEOUT_MINUTES = 5;
const STEP_SUMMARY_LIMIT = 1024 * 1024;
// GitHub keeps at most 10 error and 10 warning annotations of a step, and 50 of a job.
const ANNOTATIONS_PER_STEP = 10;
const ANNOTATIONS_PER_JOB = 50;

export async function runWorkflow(file: string, opts: RunnerOptions): Promise<WorkflowRun> {
  const wf = loadWorkflow(file);
  const event = opts.event ?? 'schedule';
  if (!(event in wf.on)) throw new Error(`${file}: the workflow does not run on '${event}' (its triggers: ${Object.keys(wf.on).join(', ')})`);
  if (!existsSync(opts.workspace)) throw new Error(`The workspace ${opts.workspace} does not exist`);
  mkdirSync(opts.stateDir, { recursive: true });
  const runId = opts.runId ?? String(1000 + nextCounter(opts.stateDir, 'run'));
  const runAttempt = opts.runAttempt ?? '1';
  const repository = opts.repository ?? 'owner/repo';
  const inputs = dispatchInputs(wf, event, opts.inputs);

  const eventPayload: ExprObject =
    event === 'workflow_dispatch'
      ? { inputs: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, exprToString(v)])) }
      : { schedule: scheduleOf(wf.on['schedule']) };
  const github: ExprObject = {
    run_id: runId,
    run_number: runId,
    run_attempt: runAttempt,
    event_name: event,
    event: eventPayload,
    workspace: opts.workspace,
    repository,
    repository_owner: repository.split('/')[0] ?? '',
    server_url: 'https://github.com',
    api_url: 'https://api.github.com',
    graphql_url: 'https://api.github.com/graphql',
    ref: 'refs/heads/main',
    ref_name: 'main',
    ref_type: 'branch',
    sha: '0'.repeat(40),
    actor: 'github-actions[bot]',
    triggering_actor: 'github-actions[bot]',
    workflow: wf.name,
    job: '',
    action: '',
    token: '',
  };
  const run: RunState = {
    wf,
    opts,
    runId,
    runAttempt,
    repository,
    stateDir: opts.stateDir,
    github,
    inputs,
    vars: { ...(opts.vars ?? {}) },
    secrets: { ...(opts.secrets ?? {}) },
    wfEnv: {},
    verbose: process.env['ACTIONS_RUNNER_VERBOSE'] === '1',
  };
  // Workflow env may use github, inputs, vars and secrets, and not env itself.
  const wfScope: ExpressionScope = { contexts: { github, inputs, vars: run.vars, secrets: run.secrets }, emptyWhenMissing: ['vars', 'secrets'] };
  for (const [k, v] of Object.entries(wf.env)) run.wfEnv[k] = exprToString(evaluateValue(v, wfScope));

  const results = new Map<string, { result: JobResult; outputs: Record<string, string> }>();
  const jobRuns: JobRun[] = [];
  const ancestors = (id: string): string[] => {
    const job = wf.jobs.find((j) => j.id === id)!;
    return [...new Set(job.needs.flatMap((n) => [n, ...ancestors(n)]))];
  };

  for (const job of wf.jobs) {
    const needs: ExprObject = {};
    for (const n of job.needs) {
      const r = results.get(n)!;
      needs[n] = { result: r.result, outputs: { ...r.outputs } };
    }
    const skip = (): void => {
      results.set(job.id, { result: 'skipped', outputs: {} });
      jobRuns.push({ id: job.id, name: job.name ?? job.id, result: 'skipped', outputs: {}, steps: [], stepSummary: '', annotations: [] });
    };
    if (opts.only && !opts.only.includes(job.id)) {
      skip();
      continue;
    }
    const before = ancestors(job.id).map((a) => results.get(a)!.result);
    // A job's success() is that of every job before it, not only the ones it names (so a skipped grandparent skips it).
    const status = { success: before.every((r) => r === 'success'), failure: before.includes('failure'), cancelled: false };
    const baseContexts = { github, needs, vars: run.vars, inputs };
    let legs: (ExprObject | undefined)[];
    try {
      if (!evaluateCondition(job.if, { contexts: baseContexts, emptyWhenMissing: ['vars'], status })) {
        skip();
        continue;
      }
      legs = expandMatrix(job, { contexts: baseContexts, emptyWhenMissing: ['vars'] });
    } catch (e) {
      const message = `Error when evaluating the job '${job.id}': ${(e as Error).message}`;
      results.set(job.id, { result: 'failure', outputs: {} });
      jobRuns.push({
        id: job.id,
        name: job.name ?? job.id,
        result: 'failure',
        outputs: {},
        steps: [],
        stepSummary: '',
        annotations: [{ level: 'error', message }],
      });
      continue;
    }

    const failFast = job.matrix === undefined ? false : isTruthy(evaluateValue(job.failFast ?? true, { contexts: baseContexts, emptyWhenMissing: ['vars'] }));
    const legRuns: JobRun[] = [];
    let failedLeg: string | undefined;
    for (let i = 0; i < legs.length; i++) {
      const matrix = legs[i];
      const strategy: ExprObject = { 'fail-fast': failFast, 'job-index': i, 'job-total': legs.length, 'max-parallel': legs.length };
      if (failedLeg !== undefined) {
        // fail-fast: the legs not yet started when one failed are cancelled.
        legRuns.push({
          id: job.id,
          name: legName(job, matrix, { contexts: { ...baseContexts, matrix: matrix ?? {}, strategy }, emptyWhenMissing: ['vars'] }),
          ...(matrix && { matrix }),
          result: 'cancelled',
          outputs: {},
          steps: [],
          stepSummary: '',
          annotations: [{ level: 'error', message: `The job was canceled because "${failedLeg}" failed.` }],
        });
        continue;
      }
      const leg = await runLeg(run, job, matrix, i, needs, strategy);
      legRuns.push(leg);
      if (failFast && leg.result === 'failure') failedLeg = leg.name;
    }
    jobRuns.push(...legRuns);
    const legResults = legRuns.map((l) => l.result);
    const result: JobResult = legResults.includes('failure')
      ? 'failure'
      : legResults.includes('cancelled')
        ? 'cancelled'
        : legResults.every((r) => r === 'skipped')
          ? 'skipped'
          : 'success';
    // A matrix job's outputs: each leg's non-empty values, the last leg's winning.
    const outputs: Record<string, string> = {};
    for (const l of legRuns) for (const [k, v] of Object.entries(l.outputs)) if (v !== '' || !(k in outputs)) outputs[k] = v;
    results.set(job.id, { result, outputs });
  }

  const all = [...results.values()].map((r) => r.result);
  return {
    name: wf.name,
    runId,
    runAttempt,
    event,
    result: all.includes('failure') ? 'failure' : all.includes('cancelled') ? 'cancelled' : 'success',
    jobs: jobRuns,
  };
}

function scheduleOf(on: unknown): string {
  if (Array.isArray(on) && isRecord(on[0])) return String(on[0]['cron'] ?? '');
  return '';
}

function dispatchInputs(wf: WorkflowDef, event: string, given: Record<string, string | boolean> | undefined): ExprObject {
  if (event !== 'workflow_dispatch') {
    if (given && Object.keys(given).length > 0) throw new Error(`inputs are given, but a '${event}' event has none (use event: 'workflow_dispatch')`);
    return {};
  }
  const dispatch = wf.on['workflow_dispatch'];
  const defs = isRecord(dispatch) && isRecord(dispatch['inputs']) ? dispatch['inputs'] : {};
  const out: ExprObject = {};
  for (const name of Object.keys(given ?? {})) {
    if (!(name in defs)) throw new Error(`Unexpected input '${name}': the workflow's workflow_dispatch inputs are ${Object.keys(defs).join(', ') || 'none'}`);
  }
  for (const [name, rawDef] of Object.entries(defs)) {
    const def = isRecord(rawDef) ? rawDef : {};
    const value = given?.[name] ?? (def['default'] as string | boolean | number | undefined);
    if (value === undefined) {
      if (def['required'] === true) throw new Error(`Required input '${name}' not provided`);
      out[name] = '';
    } else if (def['type'] === 'boolean') {
      out[name] = value === true || String(value).toLowerCase() === 'true';
    } else if (def['type'] === 'number') {
      out[name] = Number(value);
    } else {
      out[name] = String(value);
    }
  }
  return out;
}

/** The legs of a job: one undefined without a matrix, else each combination of the vectors. */
function expandMatrix(job: JobDef, scope: ExpressionScope): (ExprObject | undefined)[] {
  if (job.matrix === undefined) return [undefined];
  const matrix = evaluateValue(job.matrix, scope);
  if (!isRecord(matrix)) throw new Error(`strategy.matrix is not a mapping`);
  const vectors = Object.keys(matrix).filter((k) => k !== 'include' && k !== 'exclude');
  // Without vectors, each include is a leg of its own.
  let combos: ExprObject[] = vectors.length > 0 ? [{}] : [];
  for (const key of vectors) {
    const rawVector = matrix[key];
    const vector = evaluateValue(rawVector, scope);
    if (!Array.isArray(vector)) throw new Error(`Matrix vector '${key}' is not an array: ${JSON.stringify(vector)}`);
    if (vector.length === 0) throw new Error(`Matrix vector '${key}' does not contain any values`);
    combos = combos.flatMap((c) => vector.map((v) => ({ ...c, [key]: v })));
  }
  const exclude = evaluateValue(matrix['exclude'] ?? [], scope);
  if (Array.isArray(exclude)) {
    combos = combos.filter((c) => !exclude.some((x) => isRecord(x) && Object.entries(x).every(([k, v]) => looseEquals(c[k] ?? null, v))));
  }
  const include = evaluateValue(matrix['include'] ?? [], scope);
  if (Array.isArray(include)) {
    const original = vectors;
    for (const x of include) {
      if (!isRecord(x)) continue;
      const extra = x as ExprObject;
      // An include extends the combinations whose original values it does not change, else it is a leg of its own.
      const fits = combos.filter((c) => original.every((k) => !(k in extra) || looseEquals(c[k] ?? null, extra[k] ?? null)));
      if (fits.length > 0 && original.length > 0) for (const c of fits) Object.assign(c, extra);
      else combos.push({ ...extra });
    }
  }
  if (combos.length === 0) throw new Error('The matrix has no combination left');
  return combos;
}

function legName(job: JobDef, matrix: ExprObject | undefined, scope: ExpressionScope): string {
  const base = job.name === undefined ? job.id : interpolate(job.name, scope);
  // GitHub appends the matrix values unless the name already uses an expression.
  if (!matrix || job.name?.includes('${{')) return base;
  return `${base} (${Object.values(matrix).map(exprToString).join(', ')})`;
}

function timeoutMs(value: unknown, scope: ExpressionScope, fallbackMinutes: number): number {
  if (value === undefined) return fallbackMinutes * 60_000;
  const minutes = toNumber(evaluateValue(value, scope));
  if (!(minutes > 0)) throw new Error(`timeout-minutes is not a positive number: ${String(value)}`);
  return minutes * 60_000;
}

async function runLeg(run: RunState, job: JobDef, matrix: ExprObject | undefined, index: number, needs: ExprObject, strategy: ExprObject): Promise<JobRun> {
  const opts = run.opts;
  const workspace = opts.jobWorkspace ? resolve(await opts.jobWorkspace({ id: job.id, ...(matrix && { matrix }) })) : resolve(opts.workspace);
  const runnerTemp = mkdtempSync(join(tmpdir(), 'actions-runner-temp-'));
  const github: ExprObject = { ...run.github, job: job.id, workspace };
  const contexts = (extra: Record<string, ExprValue>): Record<string, ExprValue> => ({
    github,
    needs,
    strategy,
    matrix: matrix ?? {},
    vars: run.vars,
    secrets: run.secrets,
    inputs: run.inputs,
    runner: {
      os: 'Linux',
      arch: 'X64',
      name: 'local-runner',
      temp: runnerTemp,
      tool_cache: join(runnerTemp, '_tool'),
      environment: 'github-hosted',
      debug: '',
    },
    ...extra,
  });
  const scope = (extra: Record<string, ExprValue>, status?: LegState['status']): ExpressionScope => ({
    contexts: contexts(extra),
    emptyWhenMissing: ['vars', 'secrets'],
    ...(status && { status: { success: status === 'success', failure: status === 'failure', cancelled: status === 'cancelled' } }),
    hashFiles: (patterns) => hashFiles(patterns, workspace),
  });

  const leg: LegState = {
    jobId: job.id,
    name: job.id,
    index,
    workspace,
    runnerTemp,
    matrix,
    needs,
    strategy,
    jobEnv: {},
    status: 'success',
    envAdds: {},
    pathAdds: [],
    stepsCtx: {},
    annotations: [],
    commandAnnotations: 0,
    summary: [],
    processGroups: [],
    deadline: 0,
    timeoutMinutes: 0,
  };
  const steps: StepRun[] = [];
  let outputs: Record<string, string> = {};
  try {
    leg.name = legName(job, matrix, scope({}));
    if (!existsSync(workspace)) throw new Error(`The job's workspace ${workspace} does not exist`);
    for (const [k, v] of Object.entries(job.env)) leg.jobEnv[k] = exprToString(evaluateValue(v, scope({ env: { ...run.wfEnv } })));
    const jobTimeout = timeoutMs(job.timeoutMinutes, scope({}), JOB_TIMEOUT_DEFAULT_MINUTES);
    leg.timeoutMinutes = jobTimeout / 60_000;
    leg.deadline = Date.now() + jobTimeout;

    for (const step of job.steps) {
      if (leg.status !== 'cancelled' && Date.now() >= leg.deadline) cancelForTimeout(leg);
      steps.push(await runStep(run, leg, job, step, scope));
    }
    outputs = {};
    const outScope = scope({ env: { ...run.wfEnv, ...leg.jobEnv }, steps: leg.stepsCtx, job: { status: leg.status } });
    for (const [k, v] of Object.entries(job.outputs)) outputs[k] = exprToString(evaluateValue(v, outScope));
  } catch (e) {
    if (e instanceof CallbackError) throw e.cause;
    leg.status = 'failure';
    leg.annotations.push({ level: 'error', message: (e as Error).message });
  } finally {
    // GitHub cleans up the processes a job left behind ("Cleaning up orphan processes").
    for (const pgid of leg.processGroups) killGroup(pgid, 'SIGKILL');
    rmSync(runnerTemp, { recursive: true, force: true });
  }
  return {
    id: job.id,
    name: leg.name,
    ...(matrix && { matrix }),
    result: leg.status,
    outputs,
    steps,
    stepSummary: leg.summary.join(''),
    annotations: leg.annotations,
  };
}

function cancelForTimeout(leg: LegState): void {
  leg.status = 'cancelled';
  leg.deadline = Date.now() + CANCEL_TIMEOUT_MINUTES * 60_000;
  leg.annotations.push({
    level: 'error',
    message: `The job running on runner local-runner has exceeded the maximum execution time of ${leg.timeoutMinutes} minutes.`,
  });
}

function hashFiles(patterns: string[], workspace: string): string {
  const files = globPaths(patterns, workspace, { implicitDescendants: true, excludeHidden: false })
    .matches.filter((f) => f.startsWith(workspace + sep) && statSync(f).isFile())
    .sort();
  if (files.length === 0) return '';
  const all = createHash('sha256');
  for (const f of files) all.update(createHash('sha256').update(readFileSync(f)).digest());
  return all.digest('hex');
}

function displayName(step: StepDef): string {
  if (step.name !== undefined) return step.name;
  if (step.uses !== undefined) return `Run ${step.uses}`;
  return `Run ${(step.run ?? '').trim().split('\n')[0]}`;
}

async function runStep(
  run: RunState,
  leg: LegState,
  job: JobDef,
  step: StepDef,
  scope: (extra: Record<string, ExprValue>, status?: LegState['status']) => ExpressionScope,
): Promise<StepRun> {
  let name = displayName(step);
  const base = {
    ...(step.id !== undefined && { id: step.id }),
    ...(step.uses !== undefined && { uses: step.uses }),
  };
  const record = (r: Omit<StepRun, 'name' | 'id' | 'uses'>): StepRun => {
    if (step.id !== undefined) leg.stepsCtx[step.id] = { outputs: { ...r.outputs }, outcome: r.outcome, conclusion: r.conclusion };
    return { name, ...base, ...r };
  };
  const envCtx: ExprObject = { ...run.wfEnv, ...leg.jobEnv, ...leg.envAdds };
  const stepScope = (env: ExprObject): ExpressionScope => scope({ env, steps: leg.stepsCtx, job: { status: leg.status } }, leg.status);

  let stepEnv: Record<string, string> = {};
  let continueOnError = false;
  let stepTimeout = Infinity;
  try {
    if (step.name !== undefined) name = interpolate(step.name, stepScope(envCtx));
    if (!evaluateCondition(step.if, stepScope(envCtx))) {
      return record({ skipped: true, outcome: 'skipped', conclusion: 'skipped', exitCode: null, signal: null, stdout: '', stderr: '', outputs: {} });
    }
    for (const [k, v] of Object.entries(step.env)) stepEnv[k] = exprToString(evaluateValue(v, stepScope(envCtx)));
    continueOnError = isTruthy(evaluateValue(step.continueOnError ?? false, stepScope(envCtx)));
    if (step.timeoutMinutes !== undefined) stepTimeout = timeoutMs(step.timeoutMinutes, stepScope(envCtx), 0);
  } catch (e) {
    stepEnv = {};
    leg.annotations.push({ level: 'error', message: (e as Error).message, step: name });
    leg.status = leg.status === 'cancelled' ? 'cancelled' : 'failure';
    return record({ skipped: false, outcome: 'failure', conclusion: 'failure', exitCode: null, signal: null, stdout: '', stderr: '', outputs: {} });
  }
  const fullScope = stepScope({ ...envCtx, ...stepEnv });
  const finish = (r: Omit<StepRun, 'name' | 'id' | 'uses' | 'conclusion' | 'skipped'>): StepRun => {
    const conclusion: StepResult = r.outcome === 'failure' && continueOnError ? 'success' : r.outcome;
    if (conclusion === 'failure' && leg.status === 'success') leg.status = 'failure';
    return record({ ...r, skipped: false, conclusion });
  };

  if (step.uses !== undefined) return finish(runAction(run, leg, step, name, fullScope));

  // A run step.
  const files = join(leg.runnerTemp, '_runner_file_commands');
  mkdirSync(files, { recursive: true });
  const uuid = randomUUID();
  const fileCommands = {
    GITHUB_OUTPUT: join(files, `set_output_${uuid}`),
    GITHUB_ENV: join(files, `set_env_${uuid}`),
    GITHUB_STEP_SUMMARY: join(files, `step_summary_${uuid}`),
    GITHUB_PATH: join(files, `add_path_${uuid}`),
  };
  for (const f of Object.values(fileCommands)) writeFileSync(f, '');
  let script: string;
  let shell: { cmd: string; args: string[]; ext: string };
  let cwd: string;
  try {
    script = interpolate(step.run ?? '', fullScope);
    shell = shellCommand(step.shell ?? job.defaults.shell ?? run.wf.defaults.shell);
    const wd = step.workingDirectory ?? job.defaults.workingDirectory ?? run.wf.defaults.workingDirectory;
    cwd = wd === undefined ? leg.workspace : resolve(leg.workspace, interpolate(wd, fullScope));
    if (!existsSync(cwd)) {
      throw new Error(`An error occurred trying to start process '${shell.cmd}' with working directory '${cwd}'. No such file or directory`);
    }
  } catch (e) {
    leg.annotations.push({ level: 'error', message: (e as Error).message, step: name });
    return finish({ outcome: 'failure', exitCode: null, signal: null, stdout: '', stderr: '', outputs: {} });
  }
  const scriptFile = join(leg.runnerTemp, `${uuid}${shell.ext}`);
  writeFileSync(scriptFile, script);

  const env = processEnv(run, leg, step, stepEnv, fileCommands);
  const info: StepInfo = { index: step.index, name, ...base, run: script };
  const jobLeft = leg.deadline - Date.now();
  const commands = new CommandParser(leg, name);
  const result = await runProcess({
    cmd: shell.cmd,
    args: shell.args.map((a) => a.replace('{0}', scriptFile)),
    cwd,
    env,
    killAfter: stepTimeout < jobLeft ? { ms: stepTimeout, reason: 'step-timeout' } : { ms: jobLeft, reason: 'job-timeout' },
    onLine: (stream, line) => {
      commands.line(line);
      if (run.verbose) process.stdout.write(`[${leg.name} / ${name}${stream === 'stderr' ? ' (stderr)' : ''}] ${line}\n`);
    },
    onSpawn: (child) => {
      if (child.pid !== undefined) leg.processGroups.push(child.pid);
      try {
        run.opts.onStepStart?.({ job: leg.jobId, step: info, child });
      } catch (e) {
        throw new CallbackError(e);
      }
    },
  });

  let outcome: StepResult = result.exitCode === 0 ? 'success' : 'failure';
  if (result.spawnError) leg.annotations.push({ level: 'error', message: result.spawnError.message, step: name });
  if (result.killedBy === 'step-timeout') {
    leg.annotations.push({ level: 'error', message: `The action '${name}' has timed out after ${stepTimeout / 60_000} minutes.`, step: name });
  } else if (result.killedBy === 'job-timeout') {
    outcome = 'cancelled';
    if (leg.status !== 'cancelled') cancelForTimeout(leg);
    else leg.annotations.push({ level: 'error', message: 'The operation was canceled.', step: name });
  } else if (outcome === 'failure' && !result.spawnError) {
    const code = result.exitCode ?? 128 + (result.signal ? (osConstants.signals[result.signal] ?? 0) : 0);
    leg.annotations.push({ level: 'error', message: `Process completed with exit code ${code}.`, step: name });
  }

  // File commands count whatever the outcome, as on GitHub.
  let outputs: Record<string, string> = {};
  try {
    outputs = parseFileCommand(readFileSync(fileCommands.GITHUB_OUTPUT, 'utf8'));
    Object.assign(leg.envAdds, parseFileCommand(readFileSync(fileCommands.GITHUB_ENV, 'utf8')));
    for (const p of lines(readFileSync(fileCommands.GITHUB_PATH, 'utf8'))) leg.pathAdds.unshift(p);
    const summary = readFileSync(fileCommands.GITHUB_STEP_SUMMARY, 'utf8');
    if (Buffer.byteLength(summary) > STEP_SUMMARY_LIMIT) {
      leg.annotations.push({
        level: 'error',
        message: `$GITHUB_STEP_SUMMARY upload aborted, supports content up to a size of 1024k, got ${Math.ceil(Buffer.byteLength(summary) / 1024)}k.`,
        step: name,
      });
    } else {
      leg.summary.push(summary);
    }
  } catch (e) {
    leg.annotations.push({ level: 'error', message: (e as Error).message, step: name });
    if (outcome === 'success') outcome = 'failure';
  }
  return finish({ outcome, exitCode: result.exitCode, signal: result.signal, stdout: result.stdout, stderr: result.stderr, outputs });
}

/** An exception of the test's own onStepStart: it ends the run rather than failing a step. */
class CallbackError extends Error {
  constructor(cause: unknown) {
    super(`onStepStart threw: ${(cause as Error).message}`, { cause });
  }
}

function runAction(
  run: RunState,
  leg: LegState,
  step: StepDef,
  name: string,
  scope: ExpressionScope,
): Omit<StepRun, 'name' | 'id' | 'uses' | 'conclusion' | 'skipped'> {
  const def = ACTIONS[actionName(step.uses!)]!;
  const outputs: Record<string, string> = {};
  const log: string[] = [];
  const fail = (message: string): Omit<StepRun, 'name' | 'id' | 'uses' | 'conclusion' | 'skipped'> => {
    leg.annotations.push({ level: 'error', message, step: name });
    log.push(`Error: ${message}`);
    return { outcome: 'failure', exitCode: 1, signal: null, stdout: log.join('\n'), stderr: '', outputs };
  };
  let inputs: Record<string, string>;
  try {
    inputs = {};
    for (const [k, v] of Object.entries(step.with)) inputs[k.toLowerCase()] = interpolate(typeof v === 'string' ? v : exprToString(jsonToExpr(v)), scope);
  } catch (e) {
    return fail((e as Error).message);
  }
  const unexpected = Object.keys(inputs).filter((k) => !def.inputs.includes(k));
  if (unexpected.length > 0) {
    leg.annotations.push({
      level: 'warning',
      message: `Unexpected input(s) '${unexpected.join("', '")}', valid inputs are ['${def.inputs.join("', '")}']`,
      step: name,
    });
  }
  for (const r of def.required ?? []) if (!inputs[r]) return fail(`Input required and not supplied: ${r}`);
  try {
    def.run({
      inputs,
      workspace: leg.workspace,
      run,
      leg,
      setOutput: (k, v) => {
        outputs[k] = v;
      },
      info: (m) => {
        log.push(m);
        if (run.verbose) process.stdout.write(`[${leg.name} / ${name}] ${m}\n`);
      },
      warning: (m) => {
        log.push(`Warning: ${m}`);
        leg.annotations.push({ level: 'warning', message: m, step: name });
      },
    });
  } catch (e) {
    return fail(`${def.failurePrefix ?? ''}${(e as Error).message}`);
  }
  return { outcome: 'success', exitCode: 0, signal: null, stdout: log.join('\n'), stderr: '', outputs };
}

function shellCommand(shell: string | undefined): { cmd: string; args: string[]; ext: string } {
  // GitHub's templates on Linux: no `shell:` is `bash -e {0}`, `shell: bash` adds pipefail and skips the rc files.
  if (shell === undefined) return { cmd: 'bash', args: ['-e', '{0}'], ext: '.sh' };
  if (shell === 'bash') return { cmd: 'bash', args: ['--noprofile', '--norc', '-eo', 'pipefail', '{0}'], ext: '.sh' };
  if (shell === 'sh') return { cmd: 'sh', args: ['-e', '{0}'], ext: '.sh' };
  if (shell === 'python') return { cmd: 'python', args: ['{0}'], ext: '.py' };
  if (shell.includes('{0}')) {
    const [cmd, ...args] = shell.trim().split(/\s+/);
    return { cmd: cmd!, args, ext: '' };
  }
  throw new Error(`shell '${shell}' is not emulated by the local runner (bash, sh, python or a command with {0})`);
}

function processEnv(
  run: RunState,
  leg: LegState,
  step: StepDef,
  stepEnv: Record<string, string>,
  fileCommands: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  // The host's own GITHUB_*/RUNNER_* (when the tests themselves run in Actions) would point steps at the wrong files.
  // So would the test framework's own markers (vitest's NODE_ENV=test changes how Vite and Astro build).
  const underVitest = process.env['VITEST'] !== undefined;
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(GITHUB_|RUNNER_|INPUT_|ACTIONS_)/.test(k)) continue;
    if (underVitest && (/^VITEST/.test(k) || k === 'TEST' || (k === 'NODE_ENV' && v === 'test'))) continue;
    env[k] = v;
  }
  Object.assign(env, run.opts.env ?? {}, run.wfEnv, leg.jobEnv, leg.envAdds, stepEnv);
  if (leg.pathAdds.length > 0) env['PATH'] = [...leg.pathAdds, env['PATH'] ?? ''].join(':');
  const g = run.github;
  Object.assign(env, {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: leg.workspace,
    GITHUB_RUN_ID: run.runId,
    GITHUB_RUN_NUMBER: run.runId,
    GITHUB_RUN_ATTEMPT: run.runAttempt,
    GITHUB_REPOSITORY: run.repository,
    GITHUB_REPOSITORY_OWNER: exprToString(g['repository_owner'] ?? null),
    GITHUB_SERVER_URL: exprToString(g['server_url'] ?? null),
    GITHUB_API_URL: exprToString(g['api_url'] ?? null),
    GITHUB_EVENT_NAME: exprToString(g['event_name'] ?? null),
    GITHUB_WORKFLOW: run.wf.name,
    GITHUB_JOB: leg.jobId,
    GITHUB_ACTION: step.id ?? `__run_${step.index}`,
    GITHUB_REF: exprToString(g['ref'] ?? null),
    GITHUB_REF_NAME: exprToString(g['ref_name'] ?? null),
    GITHUB_SHA: exprToString(g['sha'] ?? null),
    GITHUB_ACTOR: exprToString(g['actor'] ?? null),
    RUNNER_TEMP: leg.runnerTemp,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'local-runner',
    RUNNER_TOOL_CACHE: join(leg.runnerTemp, '_tool'),
    ...fileCommands,
  });
  return env;
}

/** GITHUB_OUTPUT / GITHUB_ENV: `name=value` lines, or `name<<DELIMITER` ... `DELIMITER` for multi-line values. */
export function parseFileCommand(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const ls = text.split('\n');
  for (let i = 0; i < ls.length; i++) {
    const line = ls[i]!;
    if (line === '') continue;
    const eq = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (heredoc >= 0 && (eq < 0 || heredoc < eq)) {
      const name = line.slice(0, heredoc);
      const delimiter = line.slice(heredoc + 2);
      if (name === '' || delimiter === '') throw new Error(`Invalid format '${line}'`);
      const end = ls.indexOf(delimiter, i + 1);
      if (end < 0) throw new Error(`Invalid value. Matching delimiter not found '${delimiter}'`);
      out[name] = ls.slice(i + 1, end).join('\n');
      i = end;
    } else if (eq > 0) {
      out[line.slice(0, eq)] = line.slice(eq + 1);
    } else {
      throw new Error(`Invalid format '${line}'`);
    }
  }
  return out;
}

const unescapeData = (s: string): string => s.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string): string => unescapeData(s).replace(/%3A/gi, ':').replace(/%2C/gi, ',');

/** Workflow commands in a step's output (`::error file=x,line=1::message`), as the runner reads them. */
class CommandParser {
  private stopToken: string | undefined;
  private readonly perLevel = new Map<string, number>();
  private readonly leg: LegState;
  private readonly step: string;

  constructor(leg: LegState, step: string) {
    this.leg = leg;
    this.step = step;
  }

  line(raw: string): void {
    const text = raw.trimStart();
    if (!text.startsWith('::')) return;
    const end = text.indexOf('::', 2);
    if (end < 0) return;
    const info = text.slice(2, end);
    const data = text.slice(end + 2);
    const space = info.indexOf(' ');
    const command = (space < 0 ? info : info.slice(0, space)).toLowerCase();
    if (this.stopToken !== undefined) {
      if (command === this.stopToken.toLowerCase()) this.stopToken = undefined;
      return;
    }
    if (command === 'stop-commands') {
      this.stopToken = data;
      return;
    }
    if (command !== 'error' && command !== 'warning' && command !== 'notice') return;
    const props: Record<string, string> = {};
    if (space >= 0) {
      for (const pair of info.slice(space + 1).split(',')) {
        const eq = pair.indexOf('=');
        if (eq > 0) props[pair.slice(0, eq).trim()] = unescapeProperty(pair.slice(eq + 1));
      }
    }
    const count = (this.perLevel.get(command) ?? 0) + 1;
    this.perLevel.set(command, count);
    if (count > ANNOTATIONS_PER_STEP || this.leg.commandAnnotations >= ANNOTATIONS_PER_JOB) return;
    this.leg.commandAnnotations++;
    const a: Annotation = { level: command, message: unescapeData(data), step: this.step };
    if (props['title'] !== undefined) a.title = props['title'];
    if (props['file'] !== undefined) a.file = props['file'];
    if (props['line'] !== undefined) a.line = Number(props['line']);
    this.leg.annotations.push(a);
  }
}

interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  killedBy?: 'step-timeout' | 'job-timeout';
  spawnError?: Error;
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function runProcess(o: {
  cmd: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  killAfter: { ms: number; reason: NonNullable<ProcessResult['killedBy']> };
  onLine: (stream: 'stdout' | 'stderr', line: string) => void;
  onSpawn: (child: ChildProcess) => void;
}): Promise<ProcessResult> {
  return new Promise((done, reject) => {
    // Its own process group, so a timeout, a killed step or the job's end reaches everything the script started.
    const child = spawn(o.cmd, o.args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const chunks = { stdout: [] as string[], stderr: [] as string[] };
    const partial = { stdout: '', stderr: '' };
    const timers: NodeJS.Timeout[] = [];
    let killedBy: ProcessResult['killedBy'];
    let spawnError: Error | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

    for (const name of ['stdout', 'stderr'] as const) {
      const decoder = new StringDecoder('utf8');
      const stream = child[name]!;
      const take = (text: string): void => {
        chunks[name].push(text);
        const parts = (partial[name] + text).split('\n');
        partial[name] = parts.pop()!;
        for (const l of parts) o.onLine(name, l.endsWith('\r') ? l.slice(0, -1) : l);
      };
      stream.on('data', (b: Buffer) => take(decoder.write(b)));
      stream.on('end', () => {
        take(decoder.end());
        if (partial[name] !== '') o.onLine(name, partial[name]);
        partial[name] = '';
      });
    }

    // Cancelling a step on GitHub: SIGINT, then SIGTERM after 7.5 s, then SIGKILL after 2.5 s more.
    const cancel = (why: NonNullable<ProcessResult['killedBy']>): void => {
      killedBy = why;
      if (child.pid === undefined) return;
      const pid = child.pid;
      killGroup(pid, 'SIGINT');
      timers.push(setTimeout(() => killGroup(pid, 'SIGTERM'), 7_500));
      timers.push(setTimeout(() => killGroup(pid, 'SIGKILL'), 10_000));
    };
    if (Number.isFinite(o.killAfter.ms)) timers.push(setTimeout(() => cancel(o.killAfter.reason), Math.max(0, o.killAfter.ms)));

    child.on('error', (e) => {
      spawnError = e;
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // A step whose shell was killed is over: what it started goes with it.
      if (signal && child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      // A background process still holding stdout must not hold the step open.
      timers.push(
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }, 2_000),
      );
    });
    child.on('close', (code, signal) => {
      for (const t of timers) clearTimeout(t);
      const result: ProcessResult = {
        exitCode: exit ? exit.code : code,
        signal: exit ? exit.signal : signal,
        stdout: chunks.stdout.join(''),
        stderr: chunks.stderr.join(''),
      };
      if (killedBy) result.killedBy = killedBy;
      if (spawnError) result.spawnError = spawnError;
      if (spawnError && result.exitCode === null && result.signal === null) result.exitCode = -1;
      done(result);
    });

    try {
      o.onSpawn(child);
    } catch (e) {
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      reject(e as Error);
    }
  });
}
