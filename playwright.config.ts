import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './e2e/chromium.ts';

/** The app under test: `npm run test:e2e` starts the real server and passes its URL. */
const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
/** Debian's Chromium: Playwright never downloads a browser here. */

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Generous: a first page load took over 10 s while a 2-core machine ran the whole suite.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // A trace records every step of every test (10% of the run); kept for a retried test only.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The offline service worker (decision 033) is on only in the notes spec, which allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      // V8 stops at its baseline compiler (Sparkplug): a test page lives seconds, and optimizing
      // it (Maglev, TurboFan) was 15% of the suite's CPU for code that had finished running
      // (decision 057). The same JavaScript semantics; the Lighthouse bench keeps every tier.
      args: [...CHROMIUM_ARGS, '--js-flags=--max-opt=1'],
    },
  },
  projects: [
    // Signs the demo accounts in once and saves their cookies for the other tests.
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      dependencies: ['setup'],
    },
  ],
});
