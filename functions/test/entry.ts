/** The production entry (functions/start.ts) started as `npm run functions:start` runs it, for the tests of it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface Child {
  child: ChildProcess;
  port: number;
  lines: string[];
  stderr: () => string;
  exit: Promise<number | null>;
}

/** The production entry as `npm run functions:start` runs it, on a free port; resolves once it listens. */
export function startEntry(env: Record<string, string>, args: string[] = []): Promise<Child> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, ['scripts/run.mjs', 'functions/start.ts', '--port', '0', '--host', '127.0.0.1', ...args], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let partial = '';
    let err = '';
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // Generous: on a loaded 2-core machine loading the functions alone has taken over 20 s.
    const timer = setTimeout(() => reject(new Error(`did not start:\n${lines.join('\n')}\n${err}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      partial += chunk.toString();
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const l of parts) {
        lines.push(l);
        const ev = JSON.parse(l) as { event: string; port?: number };
        if (ev.event === 'listening' && ev.port) {
          clearTimeout(timer);
          resolveStart({ child, port: ev.port, lines, stderr: () => err, exit });
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${lines.join('\n')}\n${err}`));
    });
  });
}
