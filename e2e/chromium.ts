/**
 * Debian's Chromium and the flags it needs on this network-less machine: without the
 * background-networking ones its connections stall. Shared by Playwright and the Lighthouse bench.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What Playwright runs: Debian's build of Chromium's headless shell (package
 * chromium-headless-shell), the same browser engine without the desktop browser around it, and what
 * Playwright itself runs headless by default. On this 2-core machine a page load took half the
 * time and a third of the CPU of /usr/bin/chromium --headless (decision 050). Lighthouse keeps
 * the full browser (CHROMIUM_PATH).
 */
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
