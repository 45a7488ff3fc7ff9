// `npm run bench:fleet -- --quick`: the smoke run measures a few photos and a few S3 requests, then
// plans the simulated fleet's four nights (scripts/bench-fleet.ts). Figures are printed, never asserted.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('bench:fleet --quick', () => {
  it('names the four nights, each with a shard plan against the job limit', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/bench-fleet.ts'), '--quick', '--dealers', '60'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 85_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout;
    for (const night of ['first night', 'ordinary night', 'platform-release night', 'cache-evicted night']) {
      expect(out).toContain(`## ${night}`);
      expect(out).toMatch(new RegExp(`\\| ${night} \\| [\\d.,]+ \\| .+ \\| \\d+ \\| [\\d.,]+ / [\\d.,]+ \\| (yes|no) \\| [\\d.,]+ \\| [\\d,]+ \\|`));
    }
    expect(out).toMatch(
      /plan {6}(\d+ photo-only job\(s\) of [\d.]+ min, then )?\d+ build shard\(s\): max [\d.]+ min, mean [\d.]+ min; (fits|DOES NOT FIT) the 150-min limit/,
    );
    expect(out).toMatch(/photos +[\d,]+ new x [\d.]+ s CPU \/ 2 cores = /);
    expect(out).toContain('Actions minutes');
  }, 90_000);
});
