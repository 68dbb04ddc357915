// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import type { DocumentKind } from '../../../../shared/schemas/renter-documents.ts';
import { buttonNamed, textOf } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { ListingNeeds } from './listing-needs.tsx';

const LISTING = '00000000-0000-4000-8000-0000000000d2';

const CRITERIA: ApplicationSettings = {
  acceptingApplications: true,
  incomeMultiple: 40,
  guarantorIncomeMultiple: null,
  requiredDocuments: ['pay_stub', 'bank_statement'],
};

function stub(settings: ApplicationSettings | 'error' | 'gone' = CRITERIA) {
  return stubApi((call) => {
    if (call.url.pathname !== `/api/listings/${LISTING}/application-settings`) return undefined;
    if (settings === 'gone') {
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    }
    return settings === 'error'
      ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } }
      : { body: { settings, listing: { id: LISTING, title: 'Sunny two-bedroom in Astoria' } } };
  });
}

const lines = () =>
  [...document.querySelectorAll('[data-testid="listing-needs"] li')].map((li) =>
    textOf(li).replace(/^[✓•]/, '').trim(),
  );
const link = () => document.querySelector<HTMLAnchorElement>('section a');

async function show(missingFields: number, kinds: DocumentKind[]) {
  await renderMessaging(
    <ListingNeeds
      listingId={LISTING}
      missingFields={missingFields}
      documents={kinds.map((kind) => ({ kind }))}
    />,
  );
  await waitFor(() => expect(lines().length).toBeGreaterThan(0));
}

describe("the profile page's card for one listing (?listingId=)", () => {
  resetPageAfterEach();

  it('names the listing and says, kind by kind, what is there and what is not', async () => {
    stub();
    await show(2, ['pay_stub', 'tax_return']);
    expect(textOf()).toContain('To apply to Sunny two-bedroom in Astoria:');
    expect(lines()).toEqual([
      'Your profile: 2 things to add',
      'Pay stub: uploaded',
      'Bank statement: upload one below',
    ]);
    expect(textOf()).toContain('Add what is missing here');
    expect(link()?.textContent).toBe('Back to the listing');
    // The listing page opens its Apply dialog from this anchor.
    expect(link()?.getAttribute('href')).toBe(`/listings/${LISTING}#apply`);
  });

  it('says when everything the listing asks for is there, and leads to Apply', async () => {
    stub();
    await show(0, ['bank_statement', 'pay_stub']);
    expect(lines()).toEqual([
      'Your profile: complete',
      'Pay stub: uploaded',
      'Bank statement: uploaded',
    ]);
    expect(textOf()).toContain('Everything this listing asks for is here.');
    expect(link()?.textContent).toBe('Apply to this listing');
  });

  it('says so when the listing stopped taking applications', async () => {
    stub({ ...CRITERIA, acceptingApplications: false, requiredDocuments: [] });
    await show(0, []);
    expect(lines()).toEqual(['Your profile: complete']);
    expect(textOf()).toContain('This listing is not taking applications right now.');
    expect(link()?.textContent).toBe('Back to the listing');
  });

  it('shows a failed load with Try again, which asks again', async () => {
    const calls = stub('error');
    await renderMessaging(<ListingNeeds listingId={LISTING} missingFields={0} documents={[]} />);
    await waitFor(() =>
      expect(textOf()).toContain('What this listing asks for could not be loaded.'),
    );
    const before = calls.length;
    await act(async () => buttonNamed(document.body, 'Try again')?.click());
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('says so when the listing is gone (404), without a Try again that cannot help', async () => {
    stub('gone');
    await renderMessaging(<ListingNeeds listingId={LISTING} missingFields={0} documents={[]} />);
    await waitFor(() => expect(textOf()).toContain('That listing is no longer on Stoop.'));
    expect(buttonNamed(document.body, 'Try again')).toBeNull();
  });
});
