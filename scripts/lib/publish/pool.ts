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
