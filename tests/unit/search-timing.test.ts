import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS, debounce, debounceLeft } from '../../src/lib/search/timing.ts';

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

  it('text typed while the search code arrived waits only what is left of its debounce', () => {
    // Last key 120 ms before the box went live: 180 ms left; 300 ms or more ago: at once.
    expect(debounceLeft(1000, 1120, SEARCH_DEBOUNCE_MS)).toBe(180);
    expect(debounceLeft(1000, 1300, SEARCH_DEBOUNCE_MS)).toBe(0);
    expect(debounceLeft(1000, 5000, SEARCH_DEBOUNCE_MS)).toBe(0);
    // Unknown, or a clock that went backwards: a whole debounce, never more.
    expect(debounceLeft(Number.NaN, 1000, SEARCH_DEBOUNCE_MS)).toBe(300);
    expect(debounceLeft(2000, 1000, SEARCH_DEBOUNCE_MS)).toBe(300);
    const sent: string[] = [];
    const send = debounce((q: string) => sent.push(q), SEARCH_DEBOUNCE_MS);
    send.after(0, 'hilux');
    vi.advanceTimersByTime(0);
    expect(sent).toEqual(['hilux']);
    // A key after that waits the whole debounce again, and replaces a pending shorter wait.
    send.after(180, 'hilu');
    vi.advanceTimersByTime(100);
    send('hilux sr5');
    vi.advanceTimersByTime(299);
    expect(sent).toEqual(['hilux']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['hilux', 'hilux sr5']);
  });
});
