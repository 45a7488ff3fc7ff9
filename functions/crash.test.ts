/**
 * "Killing the server between the 201 and the delivery loses nothing": a real server process
 * (scripts/serve.ts, PGlite on disk) stores a lead and answers 201 with its outbox worker held off
 * (OUTBOX_WORKER=off, standing for the moment between the answer and the send), is killed with
 * SIGKILL, and restarts on the same data folder; the outbox then delivers the lead to a webhook
 * receiver on 127.0.0.1 exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './db/index.ts';
import { makeDist } from './test/dist.ts';

const root = resolve(import.meta.dirname, '..');

interface Received {
  leadId: string;
  key: string;
}

function startServer(dist: string, data: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['scripts/serve.ts', '--tenant', 'crash', '--dist', dist, '--data', data, '--port', '0'], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: '', DEV_ALLOW_LOOPBACK: '1', FUNCTIONS_SECRET: 'crash-test-secret-crash-test-secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    logs.push(() => out);
    // Generous: on a loaded 2-core machine loading the functions alone has taken over 20 s.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Serving crash at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ child, port: Number(m[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const logs: (() => string)[] = [];
const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

describe('crash between the 201 and the delivery', () => {
  const received: Received[] = [];
  let hang = false;
  let receiver: Server;
  let receiverUrl: string;
  let dist: string;
  let data: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ leadId: (JSON.parse(body) as { lead_id: string }).lead_id, key: String(req.headers['idempotency-key']) });
        if (hang) return; // the CRM takes its time: the server is killed while waiting
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    dist = makeDist('crash', { leads: { webhook_url: receiverUrl } });
    data = mkdtempSync(join(tmpdir(), 'functions-crash-'));
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await new Promise<void>((r) => receiver.close(() => r()));
    rmSync(dist, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  });

  it('delivers the lead exactly once after a kill -9 and a restart', { timeout: 240_000 }, async () => {
    const first = await startServer(dist, data, { OUTBOX_WORKER: 'off' });
    children.push(first.child);
    const origin = `http://127.0.0.1:${first.port}`;
    const res = await fetch(`${origin}/api/leads`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'idempotency-key': 'crash-1' },
      body: JSON.stringify({ category: 'Vehicle Enquiry', name: 'Kim', email: 'kim@example.com', car_id: 'car-1' }),
    });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };

    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(received).toEqual([]);

    const second = await startServer(dist, data, {});
    children.push(second.child);
    const deadline = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Give the worker time for more ticks: nothing else may arrive.
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      received.map((r) => r.leadId),
      logs.map((l) => l()).join('\n----\n'),
    ).toEqual([lead_id]);

    // The retry of the original request still answers the same lead after the restart.
    const origin2 = `http://127.0.0.1:${second.port}`;
    const retry = await fetch(`${origin2}/api/leads`, {
      method: 'POST',
      headers: { origin: origin2, 'content-type': 'application/json', 'idempotency-key': 'crash-1' },
      body: JSON.stringify({ category: 'Vehicle Enquiry', name: 'Kim', email: 'kim@example.com', car_id: 'car-1' }),
    });
    expect(((await retry.json()) as { lead_id: string }).lead_id).toBe(lead_id);

    second.child.kill('SIGTERM');
    await exited(second.child);
    const db = await openDb({ dataDir: data });
    const { rows } = await db.query<{ leads: number; delivered: number; other: number }>(
      "SELECT (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM outbox WHERE status = 'delivered') AS delivered, (SELECT count(*)::int FROM outbox WHERE status <> 'delivered') AS other",
    );
    await db.close();
    expect(rows[0]).toEqual({ leads: 1, delivered: 1, other: 0 });
    expect(received).toHaveLength(1);
  });
  it('re-sends a message interrupted mid-send after a restart, with the same Idempotency-Key', { timeout: 240_000 }, async () => {
    received.length = 0;
    rmSync(data, { recursive: true, force: true });
    hang = true;
    const first = await startServer(dist, data, {});
    children.push(first.child);
    const origin = `http://127.0.0.1:${first.port}`;
    const res = await fetch(`${origin}/api/leads`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'Vehicle Enquiry', name: 'Lee', email: 'lee@example.com' }),
    });
    const { lead_id } = (await res.json()) as { lead_id: string };
    const sentBy = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < sentBy) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1); // in flight
    first.child.kill('SIGKILL');
    await exited(first.child);
    hang = false;

    const second = await startServer(dist, data, {});
    children.push(second.child);
    const deadline = Date.now() + 20_000;
    while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.map((r) => r.leadId)).toEqual([lead_id, lead_id]);
    expect(new Set(received.map((r) => r.key)).size).toBe(1); // the receiver de-duplicates on it
    second.child.kill('SIGTERM');
    await exited(second.child);
  });
});
