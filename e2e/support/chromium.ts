// How the project starts Debian's Chromium, for the journeys and for the Lighthouse bench: never a
// downloaded browser, and without the background connections this machine's closed network refuses.

/** The browser: CHROMIUM_PATH, else Debian's package. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags for every start (headless mode is the launcher's to set). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
