// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import type { Application, ApplicationStatus } from '../../../../shared/schemas/applications.ts';
import { anApplication } from '../../../testing/apply-fixtures.ts';
import { buttonNamed, textOf } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import ApplyPanel from './apply-panel.tsx';

const LISTING = '00000000-0000-4000-8000-0000000000d1';

const CRITERIA: ApplicationSettings = {
  acceptingApplications: true,
  incomeMultiple: 40,
  guarantorIncomeMultiple: null,
  requiredDocuments: ['pay_stub', 'id'],
};

const mine = (status: ApplicationStatus) => anApplication({ status });

function stub(settings: ApplicationSettings | 'error', applications: Application[] = []) {
  return stubApi((call) => {
    if (call.url.pathname === `/api/listings/${LISTING}/application-settings`) {
      return settings === 'error'
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } }
        : { body: { settings } };
    }
    if (call.url.pathname === '/api/applications') {
      return { body: { items: applications, nextCursor: null } };
    }
    if (call.url.pathname === '/api/renter-profile')
      return { body: { profile: null, missing: [] } };
    if (call.url.pathname === '/api/renter-profile/documents') return { body: { items: [] } };
    return undefined;
  });
}

async function show(viewer: 'renter' | 'visitor' = 'renter') {
  return renderMessaging(
    <ApplyPanel
      listingId={LISTING}
      listingTitle="Sunny two-bedroom"
      rentCents={320_000}
      viewer={viewer}
      signIn={{ to: '/login', state: { from: { pathname: `/listings/${LISTING}` } } }}
    />,
  );
}

const criteriaItems = () =>
  [...document.querySelectorAll('ul[aria-label="What this listing asks"] li')].map((li) =>
    textOf(li).replace('✓', '').trim(),
  );

describe("the listing page's Apply", () => {
  resetPageAfterEach();

  it('says the criteria in words before the button, and opens the dialog', async () => {
    stub(CRITERIA);
    await show();
    await waitFor(() => expect(buttonNamed(document.body, 'Apply')).not.toBeNull());
    expect(criteriaItems()).toEqual([
      'Income 40× the rent',
      'Documents: pay stub, ID',
      'Applying on Stoop is free',
    ]);
    await act(async () => buttonNamed(document.body, 'Apply')?.click());
    await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull());
    expect(textOf(document.querySelector('dialog'))).toContain('Apply for this apartment');
  });

  it('sends a visitor to sign in first', async () => {
    const calls = stub(CRITERIA);
    await show('visitor');
    await waitFor(() => expect(criteriaItems()).toContain('Applying on Stoop is free'));
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Apply');
    expect(link?.getAttribute('href')).toBe('/login');
    expect(textOf()).toContain('Sign in as a renter to apply.');
    expect(calls.some((c) => c.url.pathname === '/api/applications')).toBe(false);
  });

  it('says so instead of the button when the listing takes no applications', async () => {
    stub({ ...CRITERIA, acceptingApplications: false });
    await show();
    await waitFor(() => expect(textOf()).toContain('This listing is not taking applications.'));
    expect(buttonNamed(document.body, 'Apply')).toBeNull();
  });

  it("shows the renter's open application instead of the button", async () => {
    stub(CRITERIA, [mine('info_requested')]);
    await show();
    await waitFor(() =>
      expect(textOf(document.querySelector('[data-testid="apply-status"]'))).toBe(
        'The landlord asked for more information',
      ),
    );
    expect(buttonNamed(document.body, 'Apply')).toBeNull();
    const link = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'See your applications',
    );
    expect(link?.getAttribute('href')).toBe('/applications');
  });

  it('offers to apply again after a closed application, saying how the last one ended', async () => {
    stub(CRITERIA, [mine('withdrawn')]);
    await show();
    await waitFor(() => expect(buttonNamed(document.body, 'Apply again')).not.toBeNull());
    expect(textOf()).toContain('Your last application here: application withdrawn.');
  });

  it('says when the criteria cannot be loaded, and retries', async () => {
    stub('error');
    await show();
    await waitFor(() => expect(buttonNamed(document.body, 'Try again')).not.toBeNull());
    expect(textOf()).toContain('How to apply could not be loaded.');
    stub(CRITERIA);
    await act(async () => buttonNamed(document.body, 'Try again')?.click());
    await waitFor(() => expect(buttonNamed(document.body, 'Apply')).not.toBeNull());
  });
});
