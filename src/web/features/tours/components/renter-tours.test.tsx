// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { buttonNamed, textOf } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { aTour, listingTourSettings, TOUR_LISTING_ID } from '../../../testing/tour-fixtures.ts';
import { RenterTours } from './renter-tours.tsx';

const offer: WaitlistEntry = {
  id: '00000000-0000-4000-8000-0000000000f1',
  listingId: TOUR_LISTING_ID,
  listing: aTour().listing,
  renter: aTour().renter,
  preferences: { days: [], times: [], types: ['video'] },
  status: 'offered',
  position: 1,
  offer: {
    start: '2030-01-07T22:00:00.000Z',
    end: '2030-01-07T22:20:00.000Z',
    expiresAt: '2030-01-07T17:00:00.000Z',
  },
  createdAt: '2029-12-30T12:00:00.000Z',
};

resetPageAfterEach();

const props = { listingHref: (id: string) => `/listings/${id}`, searchHref: '/search' };

describe('/tours for a renter', () => {
  it('says what to do next when there is nothing yet', async () => {
    stubApi((call) =>
      call.url.pathname === '/api/tours' || call.url.pathname === '/api/waitlist'
        ? { body: { items: [] } }
        : undefined,
    );
    const { container } = await renderMessaging(<RenterTours {...props} />);
    await waitFor(() => expect(textOf(container)).toContain('No upcoming tours'));
    expect(textOf(container)).toContain('pick a time under "Book a tour" on its page');
    expect(textOf(container)).toContain('Tours you have taken or cancelled will be listed here.');
    const browse = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Browse apartments',
    );
    expect(browse?.getAttribute('href')).toBe('/search');
    expect(textOf(container)).not.toContain('Waitlists');
  });

  it('books a held waitlist offer at exactly its start, in a type that suits the renter', async () => {
    const calls = stubApi((call) => {
      const path = call.url.pathname;
      if (path === '/api/tours' && call.method === 'GET') return { body: { items: [] } };
      if (path === '/api/waitlist') return { body: { items: [offer] } };
      if (path === `/api/listings/${TOUR_LISTING_ID}/tour-settings`)
        return { body: listingTourSettings() };
      if (path === '/api/tours' && call.method === 'POST') {
        return { status: 409, body: { error: { code: 'SLOT_TAKEN', message: 'Taken.' } } };
      }
      return undefined;
    });
    const { container } = await renderMessaging(<RenterTours {...props} />);
    await waitFor(() =>
      expect(textOf(container)).toContain(
        'A slot is held for you until 12:00 PM: Mon, Jan 7, 5:00 PM (New York time (EST)).',
      ),
    );
    // "Book it" waits for the listing's tour types, so the booking picks one it offers.
    await waitFor(() => expect(buttonNamed(container, 'Book it')?.disabled).toBe(false));
    await act(async () => buttonNamed(container, 'Book it')?.click());
    await waitFor(() =>
      expect(textOf(container)).toContain(
        'That time is no longer held for you. You keep your place in line.',
      ),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      listingId: TOUR_LISTING_ID,
      start: '2030-01-07T22:00:00.000Z',
      type: 'video',
    });
  });
});
