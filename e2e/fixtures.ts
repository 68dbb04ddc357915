import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { seedListingId } from '../src/server/seed/seed-ids.ts';
import { MeResponseSchema } from '../src/shared/schemas/auth.ts';

export { expect };

/** The demo accounts seeded on first start (scripts/db-seed.ts). */
export const DEMO_PASSWORD = 'stoop-demo-2026';
export const DEMO = {
  renter: 'renter@stoop.test',
  landlord: 'landlord@stoop.test',
  admin: 'admin@stoop.test',
} as const;

export type Role = keyof typeof DEMO;

/** Saved sign-in state of each demo account (written by global.setup.ts). */
export const storageStateFor = (role: Role) => `test-results/.auth/${role}.json`;

export type TestUser = {
  id: string;
  email: string;
  password: string;
  name: string;
  userType: 'renter' | 'landlord';
};

export function uniqueEmail(prefix = 'e2e'): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now()}-${random}@stoop.test`;
}

/** Mutating requests must come from our own origin (the server refuses foreign ones). */
function originHeaders(baseURL: string) {
  return { Origin: new URL(baseURL).origin };
}

/** Creates an account through the API. With `page.request`, that page is then signed in. */
export async function createUser(
  request: APIRequestContext,
  baseURL: string,
  userType: TestUser['userType'] = 'renter',
): Promise<TestUser> {
  const user = {
    email: uniqueEmail(`e2e-${userType}`),
    password: `pw-${Math.random().toString(36).slice(2, 10)}`,
    name: userType === 'renter' ? 'Rhea Renter' : 'Lars Landlord',
    userType,
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: user,
    headers: originHeaders(baseURL),
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return trackAccount({ ...user, id: body.user.id }, baseURL);
}

/*
 * The suite deletes the accounts it creates (issue 17): every account made through
 * `createUser` (or handed to `trackAccount` by a spec that signs up another way) is deleted
 * through `DELETE /api/me` after a fresh sign-in, when the test that made it ends; accounts made
 * in a `beforeAll` go when the worker ends. A test that changes a password updates the object
 * it got (`user.password = ...`) so the clean-up can still sign in.
 */
type TrackedAccount = { email: string; password: string };
type Playwright = {
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
};
/** Each account with the server it lives on (the chatbot spec starts a server of its own). */
const trackedAccounts: { account: TrackedAccount; baseURL: string | undefined }[] = [];
const finishedAccounts = new WeakSet<TrackedAccount>();

/** Registers an account for deletion at the end of its test; returns it unchanged. */
export function trackAccount<T extends TrackedAccount>(account: T, baseURL?: string): T {
  trackedAccounts.push({ account, baseURL });
  return account;
}

/**
 * Deletes one account with its password. An account that no longer signs in (the test deleted
 * it, or suspended it: a suspended account cannot delete itself), or whose server has stopped,
 * is left as it is.
 */
export async function deleteAccount(
  playwright: Playwright,
  baseURL: string,
  account: TrackedAccount,
): Promise<boolean> {
  if (finishedAccounts.has(account)) return true;
  finishedAccounts.add(account);
  const request = await playwright.request.newContext({ baseURL });
  try {
    const headers = originHeaders(baseURL);
    const signIn = await request
      .post('/api/auth/sign-in/email', {
        data: { email: account.email, password: account.password },
        headers,
      })
      .catch(() => null);
    if (signIn?.status() !== 200) return false;
    const deleted = await request.delete('/api/me', {
      data: { password: account.password },
      headers,
    });
    expect(deleted.status(), `deleting ${account.email}: ${await deleted.text()}`).toBe(204);
    return true;
  } finally {
    await request.dispose();
  }
}

/** Deletes the accounts tracked since `from`; returns the addresses it had to leave. */
async function deleteTrackedFrom(playwright: Playwright, baseURL: string, from: number) {
  const kept: string[] = [];
  for (const tracked of trackedAccounts.slice(from)) {
    const deleted = await deleteAccount(playwright, tracked.baseURL ?? baseURL, tracked.account);
    if (!deleted) kept.push(tracked.account.email);
  }
  return kept;
}

/** Signs the page's browser context in through the API (sets the session cookie). */
export async function signInThroughApi(
  page: Page,
  baseURL: string,
  email: string,
  password: string,
) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: originHeaders(baseURL),
  });
  expect(response.status(), await response.text()).toBe(200);
  const me = await page.request.get('/api/me');
  return MeResponseSchema.parse(await me.json()).user;
}

/**
 * An active listing from the demo seed. Not "the newest listing": that is often another test's,
 * which its account clean-up may take down while this test still looks at it.
 */
export async function demoListingId(request: APIRequestContext): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const id = seedListingId(i);
    const answer = await request.get(`/api/listings/${id}`);
    if (answer.status() !== 200) continue;
    const { listing } = (await answer.json()) as { listing: { status: string } };
    if (listing.status === 'active') return id;
  }
  throw new Error('no active demo listing among the first 50 seeded ones');
}

/** Waits until the app has rendered a page (past the start-up and guard screens). */
export async function pageReady(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
}

type Fixtures = {
  /** A fresh renter account made through the API (not signed in). */
  newRenter: TestUser;
  /** A fresh landlord account made through the API (not signed in). */
  newLandlord: TestUser;
  /** Automatic: deletes the accounts this test created once it ends. */
  deleteCreatedAccounts: undefined;
};

type WorkerFixtures = {
  /** Automatic: deletes what `beforeAll` hooks created, when the worker ends. */
  deleteWorkerAccounts: undefined;
};

const DEFAULT_URL = 'http://localhost:3000';

export const test = base.extend<Fixtures, WorkerFixtures>({
  deleteWorkerAccounts: [
    async ({ playwright }, use, workerInfo) => {
      await use(undefined);
      const url = workerInfo.project.use.baseURL ?? DEFAULT_URL;
      await deleteTrackedFrom(playwright, url, 0);
    },
    { scope: 'worker', auto: true },
  ],
  deleteCreatedAccounts: [
    async ({ playwright, baseURL }, use, testInfo) => {
      const from = trackedAccounts.length;
      await use(undefined);
      const kept = await deleteTrackedFrom(playwright, baseURL ?? DEFAULT_URL, from);
      // Visible in the report: deleted by the test itself, suspended, or its server gone.
      for (const email of kept) {
        testInfo.annotations.push({ type: 'account not deleted by clean-up', description: email });
      }
    },
    { auto: true },
  ],
  newRenter: async ({ playwright, baseURL }, use) => {
    const url = baseURL ?? DEFAULT_URL;
    const request = await playwright.request.newContext({ baseURL: url });
    const user = await createUser(request, url, 'renter');
    await use(user);
    await request.dispose();
    await deleteAccount(playwright, url, user);
  },
  newLandlord: async ({ playwright, baseURL }, use) => {
    const url = baseURL ?? DEFAULT_URL;
    const request = await playwright.request.newContext({ baseURL: url });
    const user = await createUser(request, url, 'landlord');
    await use(user);
    await request.dispose();
    await deleteAccount(playwright, url, user);
  },
});
