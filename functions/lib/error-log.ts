/**
 * Logging of unexpected errors without letting a flood of bad requests flood the log: the first
 * occurrence of an error (by route and message) in a minute is logged with its stack, later ones are
 * counted and summed up in one line when the minute is over.
 */
export class ErrorLog {
  readonly #seen = new Map<string, { at: number; suppressed: number }>();
  readonly #write: (line: string) => void;
  readonly #windowMs: number;

  constructor(write: (line: string) => void = (line) => console.error(line), windowMs = 60_000) {
    this.#write = write;
    this.#windowMs = windowMs;
  }

  log(where: string, err: Error, now = Date.now()): void {
    const key = `${where}\u0000${err.message}`;
    const entry = this.#seen.get(key);
    if (entry && now - entry.at < this.#windowMs) {
      entry.suppressed++;
      return;
    }
    if (entry?.suppressed) this.#write(`[functions] ${where}: the error below happened ${entry.suppressed} more time(s) in the last minute`);
    this.#seen.set(key, { at: now, suppressed: 0 });
    if (this.#seen.size > 1000) this.#seen.clear();
    this.#write(`[functions] ${where}: ${err.stack ?? err.message}`);
  }
}
