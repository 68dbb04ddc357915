import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
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
  return { ...user, id: body.user.id };
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

/** Waits until the app has rendered a page (past the start-up and guard screens). */
export async function pageReady(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
}

type Fixtures = {
  /** A fresh renter account made through the API (not signed in). */
  newRenter: TestUser;
  /** A fresh landlord account made through the API (not signed in). */
  newLandlord: TestUser;
};

export const test = base.extend<Fixtures>({
  newRenter: async ({ playwright, baseURL }, use) => {
    const url = baseURL ?? 'http://localhost:3000';
    const request = await playwright.request.newContext({ baseURL: url });
    await use(await createUser(request, url, 'renter'));
    await request.dispose();
  },
  newLandlord: async ({ playwright, baseURL }, use) => {
    const url = baseURL ?? 'http://localhost:3000';
    const request = await playwright.request.newContext({ baseURL: url });
    await use(await createUser(request, url, 'landlord'));
    await request.dispose();
  },
});
