import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  freePort,
  killEverything,
  makeDataRoot,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../src/server/test/server-process.ts';
import { PublicConfigSchema } from '../src/shared/schemas/config.ts';
import {
  RUN_COOKIE,
  SCENARIO_COOKIE,
  type Scenario,
  type StandIn,
  startBotpressStandIn,
} from './botpress-stand-in.ts';
import { createUser, expect, pageReady, test, trackAccount, uniqueEmail } from './fixtures.ts';
import { keepScreenshot } from './screens.ts';

/**
 * Issue 15, the chatbot widget (docs/spec.md §1, §8). The suite's server has no chatbot, so this
 * file starts its own app server (the same build, its own DATA_DIR, on 127.0.0.1) with BOTPRESS_*
 * pointing at a stand-in Botpress on another local port (./botpress-stand-in.ts). Its tests run
 * one after another in one worker, on that one server.
 */
test.describe.configure({ mode: 'default' });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

const ERROR_EVENT = 'stoop:chatbot-error';
type Watched = Window & { __chatbotErrors?: string[]; __sameDocument?: boolean };

let standIn: StandIn;
let server: ServerProcess | undefined;
let dataRoot = '';
let appUrl = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  standIn = await startBotpressStandIn();
  dataRoot = makeDataRoot('stoop-e2e-chatbot-');
  const port = await freePort();
  // 127.0.0.1 like the stand-in: another origin, the same site (its cookies go along).
  appUrl = `http://127.0.0.1:${port}`;
  server = await spawnServer({
    dataDir: path.join(dataRoot, 'data'),
    port,
    env: {
      BASE_URL: appUrl,
      LOG_LEVEL: 'warn',
      AUTH_IP_RATE_LIMITS: 'false',
      SEED_DEMO_DATA: 'false',
      BOTPRESS_INJECT_URL: standIn.injectUrl,
      BOTPRESS_BOT_SCRIPT_URL: standIn.botUrl,
      BOTPRESS_CLIENT_ID: 'stand-in-client',
      BOTPRESS_BOT_ID: 'stand-in-bot',
      BOTPRESS_API_URL: `${standIn.origin}/api`,
    },
  });
  await waitHealthy({ ...server, baseUrl: appUrl }, { timeoutMs: 200_000 });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await killEverything(dataRoot ? [path.join(dataRoot, 'data')] : []);
  if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
  await standIn?.close();
});

/**
 * Chooses what the stand-in serves this page and names its requests; collects the loader's
 * `stoop:chatbot-error` events. Returns the run's name for `standIn.requests`.
 */
async function prepare(page: Page, scenario: Scenario = 'ok'): Promise<string> {
  const run = `${test.info().testId}-${test.info().repeatEachIndex}-${Date.now()}`;
  await page.context().addCookies([
    { name: SCENARIO_COOKIE, value: scenario, url: standIn.origin },
    { name: RUN_COOKIE, value: run, url: standIn.origin },
  ]);
  await page.addInitScript((eventName) => {
    const w = window as Window & { __chatbotErrors?: string[] };
    w.__chatbotErrors = [];
    window.addEventListener(eventName, (event) => {
      w.__chatbotErrors?.push((event as CustomEvent<{ message: string }>).detail.message);
    });
  }, ERROR_EVENT);
  return run;
}

const chatbotErrors = (page: Page) =>
  page.evaluate(() => (window as Watched).__chatbotErrors ?? []);

/** The webchat's button, labelled with Stoop's bot name (Stoop's options were applied). */
const fab = (page: Page) => page.getByRole('button', { name: 'Chat with Stoop Assistant' });

/** Resolves once the page's main thread has been idle (the mount waits for that too). */
const browserIdle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );

/** Signs this page's browser context up (and so in) on the chatbot server as a new user. */
async function signUpOnPage(page: Page, userType: 'renter' | 'landlord') {
  const email = uniqueEmail(`e2e-chatbot-${userType}`);
  trackAccount({ email, password: 'chatbot-e2e-pw' }, appUrl);
  const response = await page.request.post(`${appUrl}/api/auth/sign-up/email`, {
    data: {
      email,
      password: 'chatbot-e2e-pw',
      name: userType === 'renter' ? 'Rhea Renter' : 'Lars Landlord',
      userType,
    },
    headers: { Origin: appUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function directive(csp: string, name: string): string {
  return (
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? ''
  );
}

test('the suite’s own server has no chatbot: config null, no chatbot host in its CSP', async ({
  page,
  baseURL,
}) => {
  const res = await page.request.get('/api/config');
  expect(PublicConfigSchema.parse(await res.json())).toEqual({
    siteUrl: new URL(baseURL ?? '').origin,
    chatbot: null,
    map: null,
  });
  const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  expect(csp).not.toMatch(/https?:\/\//);
});

// The webchat's place on the page differs at 375 px: the visitor's test runs at both widths; who
// gets it, and its failures, are the same at any width.
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor gets the webchat with Stoop’s options; the CSP names only its host', async ({
      page,
    }) => {
      const run = await prepare(page);
      const response = await page.goto(`${appUrl}/`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${standIn.origin}`);
      expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ${standIn.origin}`);
      expect(directive(csp, 'frame-src')).toBe(`frame-src blob: ${standIn.origin}`);
      expect(new Set(csp.match(/https?:\/\/[^\s;]+/g))).toEqual(new Set([standIn.origin]));

      await pageReady(page);
      await expect(fab(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-chatbot', 'ready');
      expect(standIn.requests(run)).toEqual(['/inject.js', '/bot.js']);
      expect(await chatbotErrors(page)).toEqual([]);

      await keepScreenshot(page, { path: `test-results/chatbot/visitor-${viewport.name}.png` });
      await fab(page).click();
      const chat = page.getByRole('region', { name: 'Webchat' });
      await expect(chat.getByRole('heading', { name: 'Stoop Assistant' })).toBeVisible();
      await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
        'placeholder',
        'Ask about apartments, tours or fees',
      );
      await keepScreenshot(page, {
        path: `test-results/chatbot/visitor-open-${viewport.name}.png`,
      });
    });
  });
}

test.describe('who gets the webchat', () => {
  test('a renter gets the webchat', async ({ page }) => {
    const run = await prepare(page);
    await signUpOnPage(page, 'renter');
    await page.goto(`${appUrl}/renter/dashboard`);
    await pageReady(page);
    await expect(fab(page)).toBeVisible();
    expect(standIn.requests(run)).toEqual(['/inject.js', '/bot.js']);
  });

  test('a landlord never gets it: nothing is asked for, nothing shows', async ({ page }) => {
    const run = await prepare(page);
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/config') configRequests.push(request.url());
    });
    await signUpOnPage(page, 'landlord');
    for (const url of ['/landlord/dashboard', '/about']) {
      await page.goto(`${appUrl}${url}`);
      await pageReady(page);
      await expect(page.locator('html')).toHaveAttribute('data-chatbot-hidden', '');
      await page.waitForLoadState('networkidle');
      await browserIdle(page);
    }
    expect(configRequests).toEqual([]);
    expect(standIn.requests(run)).toEqual([]);
    await expect(page.locator('.bpFab')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-chatbot', /.*/);
  });

  test('signing in as a landlord hides the webchat at once, without a reload', async ({
    page,
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: appUrl });
    const landlord = await createUser(api, appUrl, 'landlord');
    await api.dispose();
    await prepare(page);
    await page.goto(`${appUrl}/`);
    await expect(fab(page)).toBeVisible();
    await page.evaluate(() => {
      (window as Watched).__sameDocument = true;
    });

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(landlord.email);
    await page.getByLabel('Password', { exact: true }).fill(landlord.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/landlord\/dashboard$/);
    await expect(fab(page)).toBeHidden();
    await expect(page.getByRole('region', { name: 'Webchat' })).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-chatbot-hidden', '');
    expect(await page.evaluate(() => (window as Watched).__sameDocument)).toBe(true);
  });

  const failures: Array<[Scenario, string, string]> = [
    ['inject-404', 'the inject script answers 404', 'Failed to load Botpress inject script'],
    ['bot-404', 'the bot script answers 404', 'Failed to load Botpress bot script'],
    [
      'no-webchat-object',
      'the bot script leaves no window.botpress',
      'Botpress webchat object not available',
    ],
  ];
  for (const [scenario, what, message] of failures) {
    test(`when ${what}, '${message}' reaches the callback`, async ({ page }) => {
      const run = await prepare(page, scenario);
      await page.goto(`${appUrl}/about`);
      await pageReady(page);
      await expect.poll(() => chatbotErrors(page)).toEqual([message]);
      await expect(page.locator('html')).toHaveAttribute('data-chatbot', 'error');
      await expect(page.locator('html')).toHaveAttribute('data-chatbot-error', message);
      await expect(page.locator('.bpFab')).toHaveCount(0);
      const expected = scenario === 'inject-404' ? ['/inject.js'] : ['/inject.js', '/bot.js'];
      expect(standIn.requests(run)).toEqual(expected);
    });
  }
});
