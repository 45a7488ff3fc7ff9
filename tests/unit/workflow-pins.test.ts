/**
 * Issue 27: every workflow runs actions pinned by commit (the tag in a comment beside it), never a
 * movable tag; checkouts keep no credentials in .git/config; and dependency installs run no install
 * scripts, so a dependency cannot read a token a step holds or a checkout left behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const dir = '.github/workflows';
const workflows = readdirSync(dir)
  .filter((f) => f.endsWith('.yml'))
  .map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
const stepsOf = (text: string): Step[] => Object.values((parse(text) as { jobs: Record<string, { steps?: Step[] }> }).jobs).flatMap((j) => j.steps ?? []);

describe('the workflows', () => {
  it('exist', () => expect(workflows.length).toBeGreaterThanOrEqual(4));

  it('pin every action by a full commit SHA, with its tag in a comment', () => {
    for (const { file, text } of workflows) {
      for (const line of text.split('\n').filter((l) => /^\s*(- )?uses:/.test(l))) {
        expect(line, `${file}: ${line.trim()}`).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
      }
    }
  });

  it('check out without persisting credentials', () => {
    for (const { file, text } of workflows) {
      for (const s of stepsOf(text).filter((s) => s.uses?.startsWith('actions/checkout@'))) {
        expect(s.with?.['persist-credentials'], file).toBe(false);
      }
    }
  });

  it('install dependencies without running their install scripts', () => {
    for (const { file, text } of workflows) {
      const installs = stepsOf(text).filter((s) => /\bnpm (install|ci)\b/.test(s.run ?? ''));
      expect(installs.length, file).toBeGreaterThan(0);
      for (const s of installs) expect(s.run, file).toContain('--ignore-scripts');
    }
  });
});
