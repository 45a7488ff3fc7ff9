/**
 * A lock between processes sharing one image cache (two tenants built side by side): a file created
 * with O_EXCL. Whoever holds it encodes the photo; the others wait, then find it made. A lock left by a
 * killed process is taken over once it is older than STALE_MS or its process is gone; a wait never
 * lasts longer than MAX_WAIT_MS (the work is then done twice, never lost).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';

const STALE_MS = 5 * 60_000;
const MAX_WAIT_MS = 10 * 60_000;
const POLL_MS = 50;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: unknown }).code === 'EPERM';
  }
}

async function tryAcquire(file: string): Promise<boolean> {
  try {
    const fh = await fsp.open(file, 'wx');
    await fh.writeFile(String(process.pid));
    await fh.close();
    return true;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT') {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      return tryAcquire(file);
    }
    if (code === 'EEXIST') return false;
    throw err;
  }
}

/** True when the lock's holder is gone or it has been held too long. */
async function stale(file: string, now: number): Promise<boolean> {
  try {
    const [st, text] = await Promise.all([fsp.stat(file), fsp.readFile(file, 'utf8')]);
    const pid = Number(text);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) return true;
    return now - st.mtimeMs > STALE_MS;
  } catch {
    return false; // gone already, or half-written by its holder: try again
  }
}

export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  let held = false;
  try {
    held = await tryAcquire(file);
  } catch {
    held = false; // a cache we cannot write a lock into: work without one
    return fn();
  }
  while (!held && Date.now() - started < MAX_WAIT_MS) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (await stale(file, Date.now())) await fsp.rm(file, { force: true });
    held = await tryAcquire(file);
  }
  try {
    return await fn();
  } finally {
    if (held) await fsp.rm(file, { force: true });
  }
}
