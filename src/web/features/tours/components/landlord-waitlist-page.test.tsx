// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { pressKey, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { anAvailability } from '../../../testing/tour-fixtures.ts';
import { LandlordWaitlistPage } from './landlord-waitlist-page.tsx';

/** A listing with an empty queue, the `n`th. */
function quietQueue(n: number) {
  return {
    listing: {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Quiet listing ${n}`,
      address: null,
      unit: null,
      neighborhood: null,
      borough: null,
      coverPhotoUrl: null,
    },
    open: true,
    entries: [],
  };
}

function stubWaitlist(count: number) {
  const items = Array.from({ length: count }, (_, i) => quietQueue(i + 1));
  return stubApi((call) => {
    if (call.url.pathname === '/api/landlord/waitlist') return { body: { items } };
    if (call.url.pathname === '/api/landlord/availability') return { body: anAvailability() };
    return undefined;
  });
}

describe('the landlord waitlist', () => {
  resetPageAfterEach();

  it('builds the folded list of listings nobody waits for only once it is opened', async () => {
    stubWaitlist(40);
    const { container } = await renderMessaging(<LandlordWaitlistPage />, {
      path: '/landlord/waitlist',
      pattern: '/landlord/waitlist',
    });
    await waitFor(() =>
      expect(container.querySelector('[data-testid="quiet-listings"]')).not.toBeNull(),
    );
    const details = container.querySelector('[data-testid="quiet-listings"]') as HTMLDetailsElement;
    expect(details.querySelector('summary')?.textContent).toBe(
      '40 listings with no one waiting: open or close their lists',
    );
    expect(details.querySelectorAll('li')).toHaveLength(0);

    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await waitFor(() => expect(details.querySelectorAll('li')).toHaveLength(40));
    expect(details.querySelectorAll('input[type="checkbox"]')).toHaveLength(40);
    expect(details.textContent).toContain('Quiet listing 40');

    await act(async () => {
      details.open = false;
      details.dispatchEvent(new Event('toggle'));
    });
    await waitFor(() => expect(details.querySelectorAll('li')).toHaveLength(0));
  });

  it('filters by a listing picked in the combobox, titles as text, and keeps it in the URL', async () => {
    const odd = {
      ...quietQueue(3),
      listing: { ...quietQueue(3).listing, title: '<b>Loft</b> & "3"' },
    };
    const items = [quietQueue(1), quietQueue(2), odd];
    stubApi((call) => {
      if (call.url.pathname === '/api/landlord/waitlist') return { body: { items } };
      if (call.url.pathname === '/api/landlord/availability') return { body: anAvailability() };
      return undefined;
    });
    const { container, router } = await renderMessaging(<LandlordWaitlistPage />, {
      path: `/landlord/waitlist?listing=${odd.listing.id}`,
      pattern: '/landlord/waitlist',
    });
    const input = () => container.querySelector<HTMLInputElement>('input[role="combobox"]');
    const options = () => [...container.querySelectorAll('[role="option"]')];
    await waitFor(() => expect(input()?.value).toBe('<b>Loft</b> & "3"'));
    expect(container.querySelectorAll('[data-testid="waitlist-queue"]')).toHaveLength(1);
    expect(options()).toHaveLength(0);

    await act(async () => input()?.click());
    expect(options().map((o) => o.textContent)).toEqual([
      'All listings',
      'Quiet listing 1',
      'Quiet listing 2',
      '<b>Loft</b> & "3"',
    ]);
    expect(container.querySelector('[role="listbox"] b')).toBeNull();

    // Typed, then picked by keyboard: the URL names it, and the page shows its queue alone.
    const box = input();
    if (!box) throw new Error('no combobox');
    await act(async () => typeInto(box, 'listing 2'));
    expect(options().map((o) => o.textContent)).toEqual(['Quiet listing 2']);
    await act(async () => pressKey(box, 'Enter'));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?listing=${quietQueue(2).listing.id}`),
    );
    expect(box.value).toBe('Quiet listing 2');
    expect(container.querySelector('[data-testid="waitlist-queue"] h2')?.textContent).toBe(
      'Quiet listing 2',
    );

    // "All listings" clears the filter.
    await act(async () => box.click());
    await act(async () => (options()[0] as HTMLElement | undefined)?.click());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(box.value).toBe('All listings');
  });

  it('shows up to five quiet listings in full, with their switches', async () => {
    stubWaitlist(3);
    const { container } = await renderMessaging(<LandlordWaitlistPage />, {
      path: '/landlord/waitlist',
      pattern: '/landlord/waitlist',
    });
    await waitFor(() =>
      expect(
        container.querySelector('section[aria-label="3 listings with no one waiting"]'),
      ).not.toBeNull(),
    );
    expect(container.querySelectorAll('section li')).toHaveLength(3);
    expect(container.querySelector('[data-testid="quiet-listings"]')).toBeNull();
  });

  it('says the waitlist closed even when a refetch has taken the switch off the page first', async () => {
    let items = [quietQueue(1), quietQueue(2), quietQueue(3)];
    let answerPut: (() => void) | undefined;
    stubApi((call) => {
      if (call.url.pathname === '/api/landlord/waitlist') return { body: { items } };
      if (call.url.pathname === '/api/landlord/availability') return { body: anAvailability() };
      if (call.method === 'PUT' && call.url.pathname.endsWith('/tour-settings')) {
        const listingId = call.url.pathname.split('/')[3];
        // Held until the page has refetched without this listing.
        return new Promise((resolve) => {
          answerPut = () => resolve({ body: { listingId, inherited: true, waitlistOpen: false } });
        });
      }
      return undefined;
    });
    const { container, queryClient } = await renderMessaging(<LandlordWaitlistPage />, {
      path: '/landlord/waitlist',
      pattern: '/landlord/waitlist',
    });
    const section = () => container.querySelector('section[aria-label$="with no one waiting"]');
    await waitFor(() => expect(section()?.querySelectorAll('li')).toHaveLength(3));
    await act(async () =>
      section()?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click(),
    );
    await waitFor(() => expect(answerPut).toBeDefined());

    // A live event meanwhile: the first listing was archived, and its switch unmounts.
    items = [quietQueue(2), quietQueue(3)];
    await act(async () => queryClient.invalidateQueries());
    await waitFor(() => expect(section()?.querySelectorAll('li')).toHaveLength(2));
    await act(async () => answerPut?.());
    await waitFor(() =>
      expect(document.body.textContent).toContain('The waitlist is closed to new renters.'),
    );
  });
});
