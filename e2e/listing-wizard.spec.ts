import sharp from 'sharp';
import { PUBLISH_MESSAGES } from '../src/shared/listing-publish-messages.ts';
import { expect, pageReady, signInThroughApi, test } from './fixtures.ts';

async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: 90, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
}

test('each wizard step checks its own required fields before Continue; the review formats money', async ({
  page,
  baseURL,
  newLandlord,
}) => {
  test.setTimeout(60_000);
  await signInThroughApi(page, baseURL ?? '', newLandlord.email, newLandlord.password);
  await page.goto('/listings/create');
  await pageReady(page);
  const next = page.getByRole('button', { name: 'Save and continue' });
  const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name });

  // Basics: a description is needed.
  await page.getByLabel('Title').fill('Wizard test one-bedroom');
  await next.click();
  await expect(page.getByText(PUBLISH_MESSAGES.description)).toBeVisible();
  await expect(stepHeading('Basics')).toBeVisible();
  await page
    .getByLabel('Description')
    .fill('A quiet one-bedroom with morning light and a park view.');
  await next.click();

  // Location: address and neighborhood.
  await expect(stepHeading('Location')).toBeVisible();
  await next.click();
  await expect(page.getByText(PUBLISH_MESSAGES.address)).toBeVisible();
  await expect(page.getByText(PUBLISH_MESSAGES.neighborhood)).toBeVisible();
  await page.getByLabel('Street address').fill('12 Test Street');
  await page.getByLabel('Neighborhood').selectOption('tribeca');
  await next.click();

  // Price: the rent.
  await expect(stepHeading('Price and fees')).toBeVisible();
  await next.click();
  await expect(page.getByText(PUBLISH_MESSAGES.rentCents)).toBeVisible();
  await page.getByLabel('Monthly rent ($)').fill('2950');
  await next.click();

  // Details: Pets and Laundry left on "Choose" are refused here, not at Publish.
  await expect(stepHeading('Details and amenities')).toBeVisible();
  await page.getByLabel('Bedrooms (0 for a studio)').fill('1');
  await page.getByLabel('Bathrooms').fill('1');
  await page.getByLabel('Available from').fill('2027-01-01');
  await next.click();
  await expect(page.getByText(PUBLISH_MESSAGES.pets)).toBeVisible();
  await expect(page.getByText(PUBLISH_MESSAGES.laundry)).toBeVisible();
  await expect(page.getByLabel('Pets')).toHaveAttribute('aria-invalid', 'true');
  await expect(stepHeading('Details and amenities')).toBeVisible();
  await page.getByLabel('Pets').selectOption('none');
  await page.getByLabel('Laundry').selectOption('in_building');
  await next.click();

  // Photos: at least one before the review.
  await expect(stepHeading('Photos')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByText(PUBLISH_MESSAGES.photos)).toBeVisible();
  await expect(stepHeading('Photos')).toBeVisible();
  await page
    .locator('#photo-files')
    .setInputFiles([{ name: 'room.png', mimeType: 'image/png', buffer: await photo() }]);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(PUBLISH_MESSAGES.photos)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to review' }).click();

  await expect(stepHeading('Review and publish')).toBeVisible();
  await expect(page.getByTestId('review-rent')).toHaveText('$2,950/mo');
  await expect(page.getByText('1 bed · 1 bath')).toBeVisible();
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await expect(page).toHaveURL(/\/listings\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Wizard test one-bedroom' }),
  ).toBeVisible();
});
