import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { NotesSchema } from '../src/shared/schemas/notes.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect as baseExpect, createUser, signInThroughApi, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { keepScreenshot } from './screens.ts';

// Conditions, not wall time: on a loaded 2-core machine a first page load can take 20 s+.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });
// This spec proves the offline service worker (decision 033); the others block it.
test.use({ serviceWorkers: 'allow' });

/** Waits until the offline worker is installed and controls the page. */
async function workerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

async function serverNotes(context: BrowserContext) {
  const response = await context.request.get('/api/notes');
  baseExpect(response.status()).toBe(200);
  return NotesSchema.parse(await response.json()).items;
}

for (const phone of [false, true]) {
  const name = phone ? 'phone (375 px)' : 'desktop';
  const shot = (screen: string) =>
    `test-results/notes-${screen}-${phone ? 'phone' : 'desktop'}.png`;
  test.describe(name, () => {
    if (phone) test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test('offline: notes are made and edited, survive a reload as waiting, and sync once back online', async ({
      page,
      context,
      browser,
      baseURL: base,
      newRenter,
    }) => {
      const baseURL = base ?? '';
      await signInThroughApi(page, baseURL, newRenter.email, newRenter.password);
      await page.goto('/notes');
      await expect(page.getByRole('heading', { name: 'Your viewing notes' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
      await workerInControl(page);

      await context.setOffline(true);
      const banner = page.getByTestId('offline-banner');
      await expect(banner).toContainText('You are offline.');

      // Create while offline.
      await page.getByRole('button', { name: 'New note' }).click();
      const form = page.getByRole('dialog', { name: 'New note' });
      await expect(form.getByLabel('Date viewed')).not.toHaveValue('');
      await form.getByLabel('Property address').fill('88 Offline Ave');
      await form.getByLabel('Unit (optional)').fill('4F');
      await form.getByLabel('Notes').fill('Quiet bedroom, tiny kitchen.');
      await expect(form.getByText('28 / 5,000 characters')).toBeVisible();
      await form.getByRole('checkbox', { name: 'Dishwasher' }).check();
      await expect(form.getByLabel('Add photos')).toBeDisabled();
      await expect(form.getByText(/You are offline, so photos cannot be added/)).toBeVisible();
      await keepScreenshot(page, { path: shot('form-offline') });
      await form.getByRole('button', { name: 'Save note' }).click();
      await expect(form).toBeHidden();

      const card = page.getByTestId('note-card').filter({ hasText: '88 Offline Ave' });
      await expect(card).toContainText('Unit 4F');
      await expect(card).toContainText('Dishwasher');
      await expect(card.getByTestId('note-waiting')).toHaveText('Waiting to sync');

      // Edit while offline.
      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit note' });
      await edit.getByLabel('Notes').fill('Quiet bedroom, tiny kitchen. Great light at 5pm.');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(card).toContainText('Great light at 5pm.');

      // A second note, then a reload with the network still off.
      await page.getByRole('button', { name: 'New note' }).click();
      await page
        .getByRole('dialog', { name: 'New note' })
        .getByLabel('Property address')
        .fill('9 Second Pl');
      await page
        .getByRole('dialog', { name: 'New note' })
        .getByRole('button', { name: 'Save note' })
        .click();
      await expect(page.getByTestId('note-waiting')).toHaveCount(2);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Your viewing notes' })).toBeVisible();
      await expect(banner).toBeVisible();
      await expect(card).toContainText('Great light at 5pm.');
      await expect(page.getByTestId('note-waiting')).toHaveCount(2);
      await expect(page.getByText('2 notes waiting to sync')).toBeVisible();
      await keepScreenshot(page, { path: shot('list-offline'), fullPage: true });

      // Back online: the queue drains, the badges go, the server has each note once.
      await context.setOffline(false);
      await expect(banner).toBeHidden();
      await expect(page.getByTestId('note-waiting')).toHaveCount(0);
      await expect(page.getByText('2 notes', { exact: true })).toBeVisible();
      const stored = await serverNotes(context);
      baseExpect(stored.map((n) => n.propertyAddress).sort()).toEqual([
        '88 Offline Ave',
        '9 Second Pl',
      ]);
      baseExpect(stored.find((n) => n.propertyAddress === '88 Offline Ave')).toMatchObject({
        unitNumber: '4F',
        content: 'Quiet bedroom, tiny kitchen. Great light at 5pm.',
        amenities: ['Dishwasher'],
      });

      // The same renter on another device sees them; another renter sees none.
      // Its cookies only: nothing of this browser's local storage comes along.
      const { cookies } = await context.storageState();
      const other = await browser.newContext({ storageState: { cookies, origins: [] } });
      const otherPage = await other.newPage();
      await otherPage.goto(`${baseURL}/notes`);
      await expect(otherPage.getByTestId('note-card')).toHaveCount(2);
      // A note made on that device reaches this page live (`notes.changed`), without a reload.
      const made = await other.request.post(`${baseURL}/api/notes`, {
        headers: origin(baseURL),
        data: { id: crypto.randomUUID(), propertyAddress: '3 Live St', content: 'From my phone' },
      });
      baseExpect(made.status(), await made.text()).toBe(201);
      await expect(page.getByTestId('note-card').filter({ hasText: '3 Live St' })).toBeVisible();
      await other.close();

      const stranger = await browser.newContext({ baseURL });
      const strangerPage = await stranger.newPage();
      const renter2 = await createUser(stranger.request, baseURL, 'renter');
      await signInThroughApi(strangerPage, baseURL, renter2.email, renter2.password);
      await strangerPage.goto('/notes');
      await expect(strangerPage.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
      baseExpect(await serverNotes(stranger)).toEqual([]);
      await stranger.close();
    });

    test('notes from a listing and the dashboard; photos, delete, and axe on the list and the form', async ({
      page,
      playwright,
      baseURL: base,
      newLandlord,
      newRenter,
    }) => {
      const baseURL = base ?? '';
      const landlordApi = await playwright.request.newContext({ baseURL });
      const signIn = await landlordApi.post('/api/auth/sign-in/email', {
        data: { email: newLandlord.email, password: newLandlord.password },
        headers: origin(baseURL),
      });
      baseExpect(signIn.status()).toBe(200);
      const listingId = await publishListing(landlordApi, baseURL, {
        title: `Notes test ${name}`,
        address: '55 Listing Lane',
        unit: '2R',
        // Shown to renters: otherwise the listing page gives the street without the door.
        showExactLocation: true,
      });
      await landlordApi.dispose();
      await signInThroughApi(page, baseURL, newRenter.email, newRenter.password);

      // From the listing page: "Add a note" starts one with its address and unit.
      await page.goto(`/listings/${listingId}`);
      await page.getByRole('link', { name: 'Add a note' }).click();
      await expect(page).toHaveURL(new RegExp(`/notes\\?listing=${listingId}$`));
      const form = page.getByRole('dialog', { name: 'New note' });
      await expect(form.getByLabel('Property address')).toHaveValue('55 Listing Lane');
      await expect(form.getByLabel('Unit (optional)')).toHaveValue('2R');
      await expectNoSeriousViolations(page);
      await keepScreenshot(page, { path: shot('form') });

      // Validation with the shared schema: an address is required; the text has a limit.
      await form.getByLabel('Property address').fill('');
      await form.getByRole('button', { name: 'Save note' }).click();
      await expect(form.getByText('Property address is required.')).toBeVisible();
      await form.getByLabel('Property address').fill('55 Listing Lane');
      await form.getByLabel('Notes').fill('Big closets. South light.');
      await form.getByRole('checkbox', { name: 'Elevator' }).check();
      const photo = await sharp({
        create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 60 } },
      })
        .jpeg()
        .toBuffer();
      await form.getByLabel('Add photos').setInputFiles({
        name: 'kitchen.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      await expect(form.getByRole('img', { name: 'Added, number 1' })).toBeVisible();
      await form.getByRole('button', { name: 'Save note' }).click();
      await expect(form).toBeHidden();
      const card = page.getByTestId('note-card').filter({ hasText: '55 Listing Lane' });
      await expect(card.getByRole('img')).toHaveCount(1);
      await expect(card.getByTestId('note-waiting')).toHaveCount(0);
      await expect(page.getByText('Showing your notes on one listing.')).toBeVisible();
      await expectNoSeriousViolations(page);
      await keepScreenshot(page, { path: shot('list'), fullPage: true });

      const [stored] = await serverNotes(page.context());
      baseExpect(stored?.listingId).toBe(listingId);
      baseExpect(stored?.photos).toHaveLength(1);
      // Resized in the browser: the long edge was 3000 px, at most 2048 px arrived.
      baseExpect(stored?.photos[0]?.width).toBeLessThanOrEqual(2048);

      // "My notes" on the listing page counts it; the dashboard card links to /notes.
      await page.goto(`/listings/${listingId}`);
      await expect(page.getByRole('link', { name: 'My notes (1)' })).toBeVisible();
      await keepScreenshot(page, { path: shot('listing-links') });
      await page.goto('/renter/dashboard');
      await expect(page.getByRole('link', { name: /Your notes/ })).toBeVisible();
      await keepScreenshot(page, { path: shot('dashboard'), fullPage: true });
      await page.getByRole('link', { name: /Your notes/ }).click();
      await expect(page).toHaveURL(/\/notes$/);

      // A photo is removed in the edit form (online).
      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit note' });
      await edit.getByRole('button', { name: 'Remove saved photo 1' }).click();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toBeHidden();
      await expect(card.getByRole('img')).toHaveCount(0);
      await expect.poll(async () => (await serverNotes(page.context()))[0]?.photos.length).toBe(0);

      // Delete, after a confirmation.
      await card.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
      await expectNoSeriousViolations(page);
      await keepScreenshot(page, { path: shot('delete') });
      await confirm.getByRole('button', { name: 'Delete note' }).click();
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'New note' })).toBeFocused();
      await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
      await expect.poll(async () => (await serverNotes(page.context())).length).toBe(0);
      await keepScreenshot(page, { path: shot('empty'), fullPage: true });
    });
  });
}
