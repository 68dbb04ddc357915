import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { AdminOverviewSchema } from '../src/shared/schemas/admin.ts';
import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import { REPORT_REASON_LABELS } from '../src/shared/schemas/reports.ts';
import { expectNoSeriousViolations } from './axe.ts';
import {
  createUser,
  DEMO,
  DEMO_PASSWORD,
  expect,
  pageReady,
  signInThroughApi,
  storageStateFor,
  type TestUser,
  test,
} from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { keepScreenshot } from './screens.ts';

/*
 * Issue 15 moderation, end to end on the real server, at 1280 px and at 375 px: a renter reports
 * a listing and a conversation; the demo admin sees the counts and the reports, reads the
 * reported conversation (a logged access), resolves it, suspends the renter (signed out at once,
 * refused at sign-in), takes the listing down and restores it, and finds each action in the
 * audit log. Serial: the counts are compared before and after each action, and only this file
 * reports, suspends or takes down.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

const THANKS = 'Thanks — our team will review this report.';

/** The visible one of a row (desktop table) and its card (phone list). */
const visible = (locator: Locator) => locator.filter({ visible: true });

async function tileValue(page: Page, testId: string): Promise<number> {
  const value = page.getByTestId(testId).getByTestId('stat-value');
  await expect(value).toHaveText(/^[\d,]+$/);
  return Number((await value.textContent())?.replace(/,/g, ''));
}

async function expectTile(page: Page, testId: string, value: number) {
  await expect(page.getByTestId(testId).getByTestId('stat-value')).toHaveText(
    value.toLocaleString('en-US'),
  );
}

/**
 * axe once the screen is still: finite animations and transitions (a toast sliding in or out)
 * have finished, so contrast is measured on what stays on screen.
 */
async function axe(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await expectNoSeriousViolations(page);
}

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

type Scene = {
  renter: TestUser;
  landlord: TestUser;
  listingId: string;
  title: string;
  conversationId: string;
  threat: string;
};

/** A landlord with a published listing, and a renter in a conversation with them about it. */
async function setScene(browser: Browser, baseURL: string): Promise<Scene> {
  const context = await browser.newContext({ baseURL });
  const setup = await context.newPage();
  const landlord = await createUser(setup.request, baseURL, 'landlord');
  const title = `Moderation loft ${Date.now().toString(36)}`;
  const listingId = await publishListing(setup.request, baseURL, { title });
  await setup.request.post('/api/auth/sign-out', { headers: origin(baseURL), data: {} });
  const renter = await createUser(setup.request, baseURL, 'renter');
  const opened = await setup.request.post('/api/conversations', {
    headers: origin(baseURL),
    data: { participantId: landlord.id, listingId },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const conversationId = ConversationResponseSchema.parse(await opened.json()).conversation.id;
  const send = async (content: string) => {
    const sent = await setup.request.post(`/api/conversations/${conversationId}/messages`, {
      headers: origin(baseURL),
      data: { content, idempotencyKey: crypto.randomUUID() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  };
  await send('Hi! Is the loft still available for January?');
  await signInThroughApi(setup, baseURL, landlord.email, landlord.password);
  const threat = `Wire the $3,000 deposit today or lose it (${Date.now().toString(36)})`;
  await send(threat);
  await context.close();
  return { renter, landlord, listingId, title, conversationId, threat };
}

/** The renter reports from the page they are on; returns the new report's id. */
async function report(
  page: Page,
  trigger: Locator,
  dialogName: string,
  reason: keyof typeof REPORT_REASON_LABELS,
  details: string,
  shot?: () => Promise<unknown>,
): Promise<string> {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  // No reason: the shared schema's message, nothing sent.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason for the report.')).toBeVisible();
  await dialog.getByRole('radio', { name: REPORT_REASON_LABELS[reason] }).check();
  await dialog.getByLabel(/^Details/).fill(details);
  await expect(dialog.getByTestId('details-count')).toContainText(`${details.length} / 2,000`);
  await axe(page);
  await shot?.();
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/reports') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus goes back to what opened the dialog.
  await expect(trigger).toBeFocused();
  return ((await response.json()) as { report: { id: string } }).report.id;
}

for (const viewport of VIEWPORTS) {
  test(`report, review, resolve, suspend, take down and restore; all audited (${viewport.name})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo: TestInfo) => {
    test.setTimeout(240_000);
    const url = baseURL ?? '';
    /** A page from its top; a dialog as the screen shows it (a full-page capture would cut it). */
    const snap = async (on: Page, name: string) => {
      const dialog = await on.getByRole('dialog').isVisible();
      if (!dialog) await on.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(on, {
        path: testInfo.outputPath(`${viewport.name}-${name}.jpeg`),
        fullPage: !dialog,
        type: 'jpeg',
        quality: 80,
      });
    };
    const scene = await setScene(browser, url);
    await page.setViewportSize(viewport);

    // The renter reports the listing (the phone gets the listing's mobile page) …
    await signInThroughApi(page, url, scene.renter.email, scene.renter.password);
    await page.goto(`/listings/${scene.listingId}`);
    await expect(page.getByRole('heading', { level: 1, name: scene.title })).toBeVisible();
    const listingReportId = await report(
      page,
      page.getByRole('button', { name: 'Report listing' }),
      'Report this listing',
      'scam',
      'The landlord asked for a deposit before any viewing.',
      () => snap(page, 'report-dialog'),
    );

    // … and the conversation, from the thread's header.
    await page.goto(`/chat/${scene.conversationId}`);
    await expect(page.getByTestId('message-text').filter({ hasText: scene.threat })).toBeVisible();
    const conversationReportId = await report(
      page,
      page.getByRole('button', { name: 'Report conversation' }),
      'Report this conversation',
      'harassment',
      'Threatening me to wire money.',
    );
    await snap(page, 'chat-after-report');

    // The admin: counts, then the queue with both reports.
    const adminContext = await browser.newContext({
      baseURL: url,
      storageState: storageStateFor('admin'),
      viewport,
    });
    const admin = await adminContext.newPage();
    const overview = AdminOverviewSchema.parse(
      await (await admin.request.get('/api/admin/overview')).json(),
    );
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expectTile(admin, 'count-open-reports', overview.reports.open);
    await expectTile(admin, 'count-suspended', overview.users.suspended);
    // Other files create accounts in parallel: at least as many as a moment ago.
    expect(await tileValue(admin, 'count-users')).toBeGreaterThanOrEqual(overview.users.total);
    expect(overview.reports.open).toBeGreaterThanOrEqual(2);
    await expect(admin.getByRole('tab', { name: /Reports/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const listingRow = visible(admin.locator(`[data-report-id="${listingReportId}"]`));
    await expect(listingRow).toContainText('Scam or fraud');
    await expect(listingRow.getByRole('link', { name: scene.title })).toHaveAttribute(
      'href',
      `/listings/${scene.listingId}`,
    );
    const conversationRow = visible(admin.locator(`[data-report-id="${conversationReportId}"]`));
    await expect(conversationRow).toContainText('Harassment or abusive messages');
    await expect(conversationRow).toContainText(scene.renter.name);
    await noSidewaysScroll(admin, viewport.width);
    await axe(admin);
    await snap(admin, 'admin-reports');

    // The conversation report: its messages, with the note that the access is logged.
    const openReports = await tileValue(admin, 'count-open-reports');
    await conversationRow.getByRole('button', { name: /^Review/ }).click();
    await expect(admin).toHaveURL(new RegExp(`report=${conversationReportId}`));
    const detail = admin.getByRole('dialog', { name: /^Report: Harassment/ });
    await expect(detail.getByTestId('report-transcript')).toContainText(scene.threat);
    await expect(detail.getByTestId('report-transcript')).toContainText(
      'Is the loft still available',
    );
    await expect(detail.getByText('Your access is logged.')).toBeVisible();
    await expect(detail).toContainText('Threatening me to wire money.');
    await axe(admin);
    await snap(admin, 'admin-report-detail');
    await detail.getByRole('radio', { name: /Action taken/ }).check();
    await detail.getByLabel(/^Note/).fill('Warned the landlord; listing under review.');
    await detail.getByRole('button', { name: 'Resolve report' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: 'Report resolved: action taken.' }),
    ).toBeVisible();
    await expect(detail).toBeHidden();
    await expect(admin.locator(`[data-report-id="${conversationReportId}"]`)).toHaveCount(0);
    await expectTile(admin, 'count-open-reports', openReports - 1);
    await admin.getByText('Resolved', { exact: true }).click();
    const resolvedRow = visible(admin.locator(`[data-report-id="${conversationReportId}"]`));
    await expect(resolvedRow).toContainText('Action taken');

    // Users: suspend the renter after a confirmation.
    await admin.getByRole('tab', { name: 'Users' }).click();
    await expect(admin).toHaveURL(/tab=users/);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(scene.renter.email);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const userRow = visible(admin.locator('[data-testid="user-row"], [data-testid="user-card"]'));
    await expect(userRow).toHaveCount(1);
    await expect(userRow).toContainText(scene.renter.email);
    await expect(userRow).toContainText('Active');
    await axe(admin);
    await snap(admin, 'admin-users');
    const suspended = await tileValue(admin, 'count-suspended');
    await userRow.getByRole('button', { name: /^Suspend/ }).click();
    const confirm = admin.getByRole('dialog', { name: `Suspend ${scene.renter.name}?` });
    await expect(confirm.getByLabel(/^Reason/)).toBeFocused();
    await confirm.getByLabel(/^Reason/).fill('Reported for harassment; investigating.');
    await axe(admin);
    await snap(admin, 'admin-suspend-dialog');
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'is suspended' })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(userRow).toContainText('Suspended');
    await expectTile(admin, 'count-suspended', suspended + 1);

    // The renter is signed out on their next request and cannot sign in.
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto('/saved-listings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(scene.renter.email);
    await page.getByLabel('Password', { exact: true }).fill(scene.renter.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'suspended' })).toContainText(
      'This account has been suspended.',
    );

    // Listings: take the reported listing down, then restore it.
    await admin.getByRole('tab', { name: 'Listings' }).click();
    await admin.getByRole('searchbox', { name: 'Search listings' }).fill(scene.title);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const listingItem = visible(
      admin.locator('[data-testid="listing-row"], [data-testid="listing-card"]'),
    );
    await expect(listingItem).toHaveCount(1);
    await expect(listingItem).toContainText('Active');
    await expect(listingItem).toContainText('1 open report');
    await axe(admin);
    await snap(admin, 'admin-listings');
    await listingItem.getByRole('button', { name: /^Take down/ }).click();
    const takedown = admin.getByRole('dialog', { name: `Take down “${scene.title}”?` });
    await takedown.getByLabel(/^Reason/).fill('Deposit scam reported by a renter.');
    await takedown.getByRole('button', { name: 'Take down listing' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'is taken down' })).toBeVisible();
    await expect(listingItem).toContainText('Taken down');
    // Gone for everyone else (admins still see it).
    const visitor = await browser.newContext({ baseURL: url });
    expect((await visitor.request.get(`/api/listings/${scene.listingId}`)).status()).toBe(404);
    await listingItem.getByRole('button', { name: /^Restore/ }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'is restored' })).toBeVisible();
    await expect(listingItem).toContainText('Active');
    expect((await visitor.request.get(`/api/listings/${scene.listingId}`)).status()).toBe(200);
    await visitor.close();

    // The audit log: each action, newest first, with who did it.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    // This admin's entries: other tests' clean-up deletes their accounts meanwhile (user.delete).
    const entries = visible(
      admin.locator('[data-testid="audit-row"], [data-testid="audit-card"]'),
    ).filter({ hasText: 'Stoop Admin' });
    await expect(entries.nth(0)).toContainText('Restored listing');
    await expect(entries.nth(0)).toContainText(scene.title);
    await expect(entries.nth(1)).toContainText('Took down listing');
    await expect(entries.nth(1)).toContainText('Deposit scam reported by a renter.');
    await expect(entries.nth(2)).toContainText('Suspended account');
    await expect(entries.nth(2)).toContainText('Reported for harassment; investigating.');
    await expect(entries.nth(3)).toContainText('Resolved report');
    await expect(entries.nth(3)).toContainText('Action taken');
    await expect(entries.nth(4)).toContainText('Read reported conversation');
    for (let i = 0; i < 5; i += 1) await expect(entries.nth(i)).toContainText('Stoop Admin');
    await expect(entries.nth(0)).toContainText(/(EST|EDT)/);
    await noSidewaysScroll(admin, viewport.width);
    await axe(admin);
    await snap(admin, 'admin-audit');
    await adminContext.close();
  });
}

test('"Report listing" is for renters and other landlords; a visitor signs in first', async ({
  browser,
  baseURL,
  page,
}) => {
  const url = baseURL ?? '';
  // `page` is the owner: signed up (and so signed in) through its own request context.
  await createUser(page.request, url, 'landlord');
  const title = `Report button loft ${Date.now().toString(36)}`;
  const listingId = await publishListing(page.request, url, { title });
  const listingPage = async (on: Page) => {
    await on.goto(`/listings/${listingId}`);
    await expect(on.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The page's own actions are in place before looking for the report one.
    await expect(on.getByRole('button', { name: /Save|Print/ }).first()).toBeVisible();
  };
  // The owner manages it instead.
  await listingPage(page);
  await expect(page.getByRole('button', { name: 'Report listing' })).toHaveCount(0);

  for (const role of ['landlord', 'admin'] as const) {
    const context = await browser.newContext({ baseURL: url, storageState: storageStateFor(role) });
    const other = await context.newPage();
    await listingPage(other);
    await expect(other.getByRole('button', { name: 'Report listing' })).toHaveCount(
      role === 'landlord' ? 1 : 0,
    );
    await context.close();
  }

  const visitorContext = await browser.newContext({ baseURL: url });
  const visitor = await visitorContext.newPage();
  await listingPage(visitor);
  await visitor.getByRole('link', { name: 'Report listing' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  await visitorContext.close();
});

test.describe('who reaches /admin', () => {
  for (const [role, dashboard] of [
    ['renter', /\/renter\/dashboard$/],
    ['landlord', /\/landlord\/dashboard$/],
  ] as const) {
    test.describe(`the demo ${role}`, () => {
      test.use({ storageState: storageStateFor(role) });
      test('lands on their own dashboard', async ({ page }) => {
        await page.goto('/admin');
        await expect(page).toHaveURL(dashboard);
        await pageReady(page);
        expect((await page.request.get('/api/admin/overview')).status()).toBe(403);
      });
    });
  }

  test('a visitor signs in first, then comes back to the same /admin tab', async ({ page }) => {
    await page.goto('/admin?tab=audit');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=audit$/);
    await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
