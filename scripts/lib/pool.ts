/**
 * The build's one way to bound concurrent work: `mapLimit` (a list, at most N calls in flight: photo
 * processing, uploads, a fleet's tenants), a `Semaphore` (callers from anywhere sharing N slots) and a
 * `KeyedLock` (one at a time per key). Before, the photo pipeline and the publish each had a pool of
 * their own (issue 28).
 */
/**
 * Runs `fn` over `items` with at most `limit` calls in flight. The first failure stops new calls from
 * starting, waits for the ones in flight, and is thrown: a failed upload leaves the rest unsent, so the
 * publish stops before the manifest and the deletes.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    // Each worker takes the next index until none is left: at most items.length iterations in all.
    while (failed === undefined && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i] as T, i);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failed !== undefined) throw failed.error;
  return results;
}

/** A counting semaphore: at most `size` callers run at once, the rest wait in FIFO order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  readonly size: number;

  constructor(size: number) {
    this.size = Math.max(1, Math.floor(size));
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Serialises work per key (e.g. per content hash) without blocking other keys. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const result = prev.then(fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
