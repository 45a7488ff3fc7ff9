/**
 * A compliance finding: one rule broken by one car, location or form, as the build reports it (the
 * console line, report.json and the run summary).
 */
import type { ComplianceRule, Severity } from './rules.ts';

export interface Finding {
  rule: string;
  severity: Severity;
  /** The car (stock number and title), location or form the finding is about. */
  subject: string;
  message: string;
  hint: string;
}

/** A finding of `rule` built from its arguments. */
export function finding<A extends unknown[]>(rule: ComplianceRule<A>, subject: string, ...args: A): Finding {
  return { rule: rule.id, severity: rule.severity, subject, message: rule.message(...args), hint: rule.hint };
}

export interface ComplianceSummary {
  error: number;
  warning: number;
}

export function countFindings(findings: readonly Finding[]): ComplianceSummary {
  return {
    error: findings.filter((f) => f.severity === 'error').length,
    warning: findings.filter((f) => f.severity === 'warning').length,
  };
}

/** The one console line of a finding: severity, rule, what, and what to do. */
export function findingLine(f: Finding): string {
  return `compliance ${f.severity} [${f.rule}] ${f.message}\n  hint: ${f.hint}`;
}

/** Why a build with error findings is held, in one line for the report and the summary. */
export function holdReason(findings: readonly Finding[]): string | undefined {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length === 0) return undefined;
  const first = errors[0]!;
  return `compliance: ${errors.length} error${errors.length === 1 ? '' : 's'} (first: [${first.rule}] ${first.message})`;
}

/** Errors first, then by rule, then by subject, so reports read the same every night. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const rank = (s: Severity) => (s === 'error' ? 0 : 1);
  return [...findings].sort((a, b) => rank(a.severity) - rank(b.severity) || a.rule.localeCompare(b.rule) || a.subject.localeCompare(b.subject));
}

/**
 * One finding per rule and subject: the same form on 300 pages is one finding that says on how many
 * more pages it is, not 300 lines.
 */
export function mergeRepeats(findings: readonly Finding[]): Finding[] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.rule}\u0000${f.subject}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.values()].map((g) => {
    const first = g[0]!;
    const more = new Set(g.map((f) => f.message)).size - 1;
    return more > 0 ? { ...first, message: `${first.message} (and on ${more} more page${more === 1 ? '' : 's'})` } : first;
  });
}
