/**
 * The one way the project starts a headless Chromium (the browser tests, the shopper bench, the search
 * bench, the budgets): Debian's Chromium (no browser download here), and its flags.
 */

/** Debian's Chromium, where the setup installs it. */
export const DEFAULT_CHROMIUM = '/usr/lib/chromium/chromium';

/** Debian's Chromium; override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? DEFAULT_CHROMIUM;

/** No sandbox (containers), no GPU, and none of the browser's own background traffic, so timings measure the site. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];
