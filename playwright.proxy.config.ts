import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './e2e/chromium.ts';

/**
 * The `proxy` stage of `npm test` (scripts/proxy-test.sh): Stoop behind nginx with two instances.
 * BASE_URL is nginx; STOOP_PROXY_INSTANCES the instances' own URLs. One file, in order, no retry:
 * its last test kills an instance, so a retry would not start from the same state.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: /load-balancer\.nginx\.ts$/,
  outputDir: 'test-results/proxy',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:8080',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
