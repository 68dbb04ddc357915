// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Application } from '../../../../shared/schemas/applications.ts';
import {
  APPLICATION_LISTING_ID,
  anApplication,
  applicationId,
  OTHER_LISTING_ID,
} from '../../../testing/application-fixtures.ts';
import { pressKey, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { filterOf, LandlordApplications } from './landlord-applications.tsx';

const LISTINGS = [
  { id: APPLICATION_LISTING_ID, title: 'Sunny two-bedroom' },
  { id: OTHER_LISTING_ID, title: 'Quiet studio' },
];

function stub(applications: Application[]) {
  return stubApi((call) => {
    if (call.url.pathname === '/api/landlord/listing-choices') {
      return {
        body: {
          items: LISTINGS.map((listing) => ({ ...listing, status: 'active' })),
          total: LISTINGS.length,
        },
      };
    }
    if (call.url.pathname === '/api/applications') {
      return { body: { items: applications, nextCursor: null } };
    }
    return undefined;
  });
}

const select = (id: string) => document.getElementById(id) as HTMLSelectElement;
const listingBox = () => document.getElementById('applications-listing') as HTMLInputElement;
const optionTexts = () =>
  [...document.querySelectorAll('[role="option"]')].map((option) => option.textContent);

describe('the landlord applications list', () => {
  resetPageAfterEach();

  it('reads the listing and status filters from the address', () => {
    const params = new URLSearchParams(`listingId=${OTHER_LISTING_ID}&status=offered`);
    expect(filterOf(params)).toEqual({ listingId: OTHER_LISTING_ID, status: 'offered' });
    expect(filterOf(new URLSearchParams('listingId=42&status=lost'))).toEqual({
      listingId: undefined,
      status: undefined,
    });
  });

  it('asks for what the address filters, and shows the filters chosen', async () => {
    const calls = stub([anApplication({ status: 'offered' })]);
    await renderMessaging(<LandlordApplications />, {
      path: `/landlord/applications?listingId=${APPLICATION_LISTING_ID}&status=offered`,
    });
    await waitFor(() => expect(textOf()).toContain('Rhea Renter'));
    const asked = calls.find((c) => c.url.pathname === '/api/applications');
    expect(asked?.url.searchParams.get('listingId')).toBe(APPLICATION_LISTING_ID);
    expect(asked?.url.searchParams.get('status')).toBe('offered');
    await waitFor(() => expect(listingBox().value).toBe('Sunny two-bedroom'));
    expect(select('applications-status').value).toBe('offered');
  });

  it('names a listing in the address that is not among the choices "This listing"', async () => {
    stub([]);
    await renderMessaging(<LandlordApplications />, {
      path: `/landlord/applications?listingId=${applicationId(77)}`,
      pattern: '/landlord/applications',
    });
    await waitFor(() => expect(listingBox().value).toBe('This listing'));
  });

  it('a filter chosen goes into the address', async () => {
    stub([]);
    const { router } = await renderMessaging(<LandlordApplications />, {
      path: '/landlord/applications',
      pattern: '/landlord/applications',
    });
    await waitFor(() => expect(listingBox().value).toBe('All listings'));
    await act(async () => listingBox().click());
    await waitFor(() =>
      expect(optionTexts()).toEqual(['All listings', 'Quiet studio', 'Sunny two-bedroom']),
    );
    await act(async () => typeInto(listingBox(), 'studio'));
    expect(optionTexts()).toEqual(['Quiet studio']);
    await act(async () => pressKey(listingBox(), 'Enter'));
    await act(async () => {
      const status = select('applications-status');
      status.value = 'declined';
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(router.state.location.search).toBe(`?listingId=${OTHER_LISTING_ID}&status=declined`);
    await waitFor(() => expect(textOf()).toContain('No applications match'));
  });

  it('shows each row against the criteria: income multiple, documents, status', async () => {
    stub([
      anApplication(),
      anApplication({
        id: applicationId(2),
        applicant: { id: applicationId(90), name: 'Sam Short' },
        incomeMultiple: 31.5,
        meetsCriteria: false,
        documents: [],
      }),
    ]);
    const { container } = await renderMessaging(<LandlordApplications />);
    await waitFor(() => expect(textOf(container)).toContain('Sam Short'));
    const rows = [...container.querySelectorAll('ul[aria-label="Applications"] > li')].map((li) =>
      textOf(li),
    );
    expect(rows[0]).toContain('Income 42.0× of 40× — meets');
    expect(rows[0]).toContain('1 document');
    expect(rows[0]).toContain('Submitted Nov 20, 2026');
    expect(rows[1]).toContain('Income 31.5× of 40× — does not meet');
    expect(rows[1]).toContain('0 documents · missing Pay stub');
    const link = container.querySelector('ul[aria-label="Applications"] a');
    expect(link?.getAttribute('href')).toBe(`/landlord/applications/${applicationId(1)}`);
  });

  it('says when there are none yet', async () => {
    stub([]);
    const { container } = await renderMessaging(<LandlordApplications />);
    await waitFor(() => expect(textOf(container)).toContain('No applications yet'));
  });
});
