import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { createUser, expect, pageReady, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { keepScreenshot } from './screens.ts';

/**
 * Issue 16, the map: pins with rents, clusters with counts, card ↔ pin highlight, "Search this
 * area" (bounds in the URL, the list shrinks), keyboard, the phone's List / Map toggle, and the
 * listing page's small map. Its own listings at a rent no other spec uses, searched by that
 * price window, so parallel specs cannot change what the map shows.
 */

const PHONE = { width: 375, height: 740 };

type Scene = { query: string; rent: number; williamsburg: string[]; riverdale: string };

/** Two listings a few blocks apart in Williamsburg, one in Riverdale; one landlord per plan's two. */
async function setScene(browser: Browser, baseURL: string, worker: number): Promise<Scene> {
  const context = await browser.newContext({ baseURL });
  const setup = await context.newPage();
  // Workers running at once set their scenes at the same moment: each takes its own half of
  // the window, and a rent an earlier attempt's scene still holds is skipped.
  const window = 45;
  const start = 7_700 + (worker % 2) * window;
  let rent = 0;
  for (let offset = Math.floor(Math.random() * window), tries = 0; tries < window; tries++) {
    const candidate = start + ((offset + tries) % window);
    const taken = await setup.request.get(
      `/api/listings?minPrice=${candidate}&maxPrice=${candidate}`,
    );
    if (((await taken.json()) as { total: number }).total === 0) {
      rent = candidate;
      break;
    }
  }
  if (rent === 0) throw new Error('no free rent left for the map scene');
  const listing = (fields: Record<string, unknown>) =>
    publishListing(setup.request, baseURL, { rentCents: rent * 100, ...fields });
  await createUser(setup.request, baseURL, 'landlord');
  const w1 = await listing({
    title: 'Map loft by the park',
    neighborhood: 'williamsburg',
    lat: 40.7081,
    lng: -73.9571,
    bedrooms: 2,
  });
  const w2 = await listing({
    title: 'Map walk-up near Bedford',
    neighborhood: 'williamsburg',
    lat: 40.7135,
    lng: -73.9505,
    bedrooms: 1,
    showExactLocation: true,
  });
  await setup.request.post('/api/auth/sign-out', { headers: origin(baseURL), data: {} });
  await createUser(setup.request, baseURL, 'landlord');
  const riverdale = await listing({
    title: 'Map corner in Riverdale',
    neighborhood: 'riverdale',
    lat: 40.89,
    lng: -73.912,
    bedrooms: 3,
  });
  await context.close();
  return {
    query: `minPrice=${rent}&maxPrice=${rent}`,
    rent,
    williamsburg: [w1, w2],
    riverdale,
  };
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;
const map = (page: Page) => page.getByRole('region', { name: 'Map of the results' });
const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /apartments?$/ });

test.describe('the search map', () => {
  let scene: Scene;
  test.beforeAll(async ({ browser, baseURL }, testInfo) => {
    scene = await setScene(browser, baseURL ?? '', testInfo.parallelIndex);
  });

  test('pins with rents, a cluster with its count, hover both ways, search this area', async ({
    page,
  }) => {
    test.slow(); // a production build on a shared 2-core machine
    await page.goto(`/search?${scene.query}`);
    await pageReady(page);
    await expect(heading(page)).toHaveText('3 apartments');
    const region = map(page);
    await expect(region).toBeVisible();

    // The whole city: the two Williamsburg listings overlap (a cluster of 2), Riverdale's pin
    // shows its rent and is named for a screen reader.
    const cluster = region.getByRole('button', { name: '2 apartments here, zoom in' });
    await expect(cluster).toHaveText('2');
    const riverdalePin = region.getByRole('button', {
      name: `${money(scene.rent)}, 3 bd in Riverdale`,
    });
    await expect(riverdalePin).toHaveText(money(scene.rent));
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, { path: test.info().outputPath('search-map-desktop.png') });

    // Hovering a card lights its pin; hovering a pin lights its card.
    const riverdaleCard = page.locator(`li[data-listing-id="${scene.riverdale}"]`);
    await riverdaleCard.hover();
    await expect(riverdalePin).toHaveAttribute('data-highlighted', '');
    const w1Card = page.locator(`li[data-listing-id="${scene.williamsburg[0]}"]`);
    await w1Card.hover();
    await expect(riverdalePin).not.toHaveAttribute('data-highlighted');
    await expect(cluster).toHaveAttribute('data-highlighted', ''); // its pin is in the cluster
    await riverdalePin.hover();
    await expect(riverdaleCard).toHaveAttribute('data-highlighted', '');

    // Zooming into the cluster splits it and offers "Search this area".
    await cluster.click();
    await expect(region.locator('[data-map-pin]')).not.toHaveCount(0);
    const searchArea = region.getByRole('button', { name: 'Search this area' });
    while ((await region.getByRole('button', { name: /apartments here/ }).count()) > 0) {
      await region
        .getByRole('button', { name: /apartments here/ })
        .first()
        .click();
    }
    for (const id of scene.williamsburg) {
      await expect(region.locator(`[data-map-pin="${id}"]`)).toBeVisible();
    }
    await expect(region.locator(`[data-map-pin="${scene.riverdale}"]`)).toHaveCount(0);
    await searchArea.click();
    await expect(page).toHaveURL(/[?&]bounds=[-\d.]+%2C[-\d.]+%2C[-\d.]+%2C[-\d.]+/);
    await expect(heading(page)).toHaveText('2 apartments');
    await expect(page.locator(`li[data-listing-id="${scene.riverdale}"]`)).toHaveCount(0);
    await expect(searchArea).toHaveCount(0);

    // The area is a filter like the others: a removable chip.
    await page.getByRole('button', { name: 'Remove the map area filter' }).click();
    await expect(page).not.toHaveURL(/bounds=/);
    await expect(heading(page)).toHaveText('3 apartments');
  });

  test('drawing an area searches inside it (polygon in the URL), removable as a chip', async ({
    page,
  }) => {
    test.slow();
    await page.goto(`/search?${scene.query}`);
    await pageReady(page);
    const region = map(page);
    const cluster = region.getByRole('button', { name: '2 apartments here, zoom in' });
    await expect(cluster).toBeVisible();
    // The map is sticky: scrolled a little, all of it is on screen.
    await page.evaluate(() => window.scrollTo(0, 240));
    await expect
      .poll(async () => (await region.boundingBox())?.y ?? 0, { message: 'the map sticks' })
      .toBeLessThan(100);
    const box = await cluster.boundingBox();
    if (!box) throw new Error('the cluster has no box');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];

    await region.getByRole('button', { name: 'Draw area' }).click();
    const inside = region.getByRole('button', { name: 'Search inside' });
    await expect(inside).toBeDisabled();
    for (const [dx, dy] of [
      [-45, -45],
      [45, -45],
      [45, 45],
      [-45, 45],
    ] as const) {
      await page.mouse.click(cx + dx, cy + dy);
    }
    await expect(region.getByRole('status').filter({ hasText: '4 corners' })).toBeVisible();
    await inside.click();
    await expect(page).toHaveURL(/[?&]polygon=([-\d.]+%2C){7}[-\d.]+/);
    await expect(heading(page)).toHaveText('2 apartments');
    await expect(region.locator('[data-map-area]')).toBeVisible();
    await expect(page.locator(`li[data-listing-id="${scene.riverdale}"]`)).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove the drawn area filter' }).click();
    await expect(page).not.toHaveURL(/polygon=/);
    await expect(heading(page)).toHaveText('3 apartments');
  });

  test('with a map style (MAP_STYLE_URL), MapLibre GL draws the base under the same pins', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    // This server runs without MAP_STYLE_URL: the config and a blank style are stood in for.
    const styleUrl = `${baseURL}/e2e-map-style.json`;
    let styleAsked = 0;
    await page.route(styleUrl, (route) => {
      styleAsked += 1;
      return route.fulfill({
        json: {
          version: 8,
          sources: {},
          layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#dde8ee' } }],
        },
      });
    });
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, map: { styleUrl } } });
    });
    // A server-rendered /search carries the config in its state (decision 075): stood in there.
    await page.route('**/search?*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /("data":\{"siteUrl":"[^"]*","chatbot":null,"map":)null\}/,
        `$1{"styleUrl":"${styleUrl}"}}`,
      );
      expect(html).toContain(styleUrl);
      await route.fulfill({ response, body: html });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`/search?${scene.query}`);
    await pageReady(page);
    const region = map(page);
    await expect(region.locator('canvas.maplibregl-canvas')).toBeVisible();
    await expect(region.locator('svg path')).toHaveCount(0); // not the built-in boroughs
    await expect(region.getByRole('button', { name: '2 apartments here, zoom in' })).toBeVisible();
    await expect(region.locator(`[data-map-pin="${scene.riverdale}"]`)).toBeVisible();
    expect(styleAsked).toBeGreaterThan(0);

    await region.getByRole('button', { name: 'Zoom in', exact: true }).click();
    await region.getByRole('button', { name: 'Search this area' }).click();
    await expect(page).toHaveURL(/[?&]bounds=/);
    expect(errors).toEqual([]);
  });

  test('the keyboard moves the map, reaches a pin and opens its card', async ({ page }) => {
    test.slow();
    await page.goto(`/search?${scene.query}`);
    await pageReady(page);
    const region = map(page);
    const riverdalePin = region.locator(`[data-map-pin="${scene.riverdale}"]`);
    await expect(riverdalePin).toBeVisible();

    await region.focus();
    await page.keyboard.press('+');
    await expect(region.getByRole('button', { name: 'Search this area' })).toBeVisible();
    await page.keyboard.press('-');
    await page.keyboard.press('ArrowLeft');

    // Tab from the map reaches the pins (and the clusters), each a named button.
    let reached = false;
    for (let i = 0; i < 6 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await riverdalePin.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await expect(page.locator(`li[data-listing-id="${scene.riverdale}"]`)).toHaveAttribute(
      'data-highlighted',
      '',
    );
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: 'Apartment on the map' });
    const link = card.getByRole('link', { name: 'Map corner in Riverdale' });
    await expect(link).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await expect(riverdalePin).toBeFocused();

    // The card's link opens the listing.
    await riverdalePin.click();
    await card.getByRole('link', { name: 'Map corner in Riverdale' }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${scene.riverdale}`));
  });

  test('a phone switches between the list and the map', async ({ page }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await page.goto(`/search?${scene.query}`);
    await pageReady(page);
    const list = page.locator(`li[data-listing-id="${scene.riverdale}"]`);
    await expect(list).toBeVisible();
    await expect(map(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(map(page)).toBeVisible();
    await expect(list).toHaveCount(0);
    await expect(
      map(page).getByRole('button', { name: '2 apartments here, zoom in' }),
    ).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, { path: test.info().outputPath('search-map-phone.png') });

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(list).toBeVisible();
    await expect(map(page)).toHaveCount(0);
  });

  test('the listing page shows the area, or the building when the landlord shows it', async ({
    page,
  }) => {
    test.slow();
    await page.goto(`/listings/${scene.williamsburg[0]}`);
    await pageReady(page);
    const location = page.getByRole('region', { name: 'Location' });
    await location.scrollIntoViewIfNeeded();
    await expect(location.getByRole('region', { name: 'Map of the area' })).toBeVisible();
    await expect(location.locator('[data-map-location="area"]')).toBeVisible();
    await expect(location).toContainText('The shaded circle shows the area in Williamsburg');
    await expectNoSeriousViolations(page);
    await keepScreenshot(location, { path: test.info().outputPath('listing-map-desktop.png') });

    await page.setViewportSize(PHONE);
    await page.goto(`/listings/${scene.williamsburg[1]}/mobile`);
    await pageReady(page);
    const exact = page.getByRole('region', { name: 'Location' });
    await exact.scrollIntoViewIfNeeded();
    await expect(exact.getByRole('region', { name: 'Map of the address' })).toBeVisible();
    await expect(exact.locator('[data-map-location="exact"]')).toBeVisible();
    await expectNoSeriousViolations(page);
    await keepScreenshot(exact, { path: test.info().outputPath('listing-map-phone.png') });
  });
});
