import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS, debounce } from '../../src/lib/search/timing.ts';

describe('debounces', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('search box 300 ms, sliders 400 ms: only the last value after quiet is sent', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(SLIDER_DEBOUNCE_MS).toBe(400);
    const sent: string[] = [];
    const send = debounce((q: string) => sent.push(q), SEARCH_DEBOUNCE_MS);
    send('h');
    vi.advanceTimersByTime(299);
    send('hi');
    vi.advanceTimersByTime(299);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['hi']);
    send('hil');
    send.flush();
    expect(sent).toEqual(['hi', 'hil']);
    send('x');
    send.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['hi', 'hil']);
  });
});
