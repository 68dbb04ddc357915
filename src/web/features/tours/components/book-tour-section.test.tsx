// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ListingTourSettings, Slot, Tour } from '../../../../shared/schemas/tours.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { fakeDateEachTest, resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import {
  aTour,
  listingTourSettings,
  NEW_YORK,
  TOUR_ID,
  TOUR_LISTING_ID,
} from '../../../testing/tour-fixtures.ts';
import BookTourSection from './book-tour-section.tsx';

const settings = (overrides: Partial<ListingTourSettings> = {}): ListingTourSettings =>
  listingTourSettings({ windowDays: 5, ...overrides });

const slot = (start: string): Slot => ({
  start,
  end: new Date(Date.parse(start) + 20 * 60_000).toISOString(),
  seatsLeft: 1,
});
// Sat Oct 31 17:00 EDT; Sun Nov 1 (the day DST ends) 17:00 and 17:20 EST.
const SLOTS = [
  slot('2026-10-31T21:00:00.000Z'),
  slot('2026-11-01T22:00:00.000Z'),
  slot('2026-11-01T22:20:00.000Z'),
];

const tour = (overrides: Partial<Tour> = {}): Tour =>
  aTour({ start: '2026-11-01T22:00:00.000Z', type: 'video', ...overrides });

type Api = {
  settings?: ListingTourSettings | { status: number };
  slots?: () => Slot[];
  book?: (call: ApiCall) => { status: number; body: unknown };
  waitlist?: unknown[];
};

function api({ settings: s = settings(), slots = () => SLOTS, book, waitlist = [] }: Api) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === `/api/listings/${TOUR_LISTING_ID}/tour-settings`) {
      return 'status' in s
        ? { status: s.status, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in.' } } }
        : { body: s };
    }
    if (path === `/api/listings/${TOUR_LISTING_ID}/tour-slots`) {
      return { body: { timeZone: NEW_YORK, slots: slots() } };
    }
    if (path === '/api/waitlist') return { body: { items: waitlist } };
    if (path === '/api/tours' && call.method === 'POST' && book) return book(call);
    if (path === '/api/tours' && call.method === 'GET') return { body: { items: [] } };
    return undefined;
  });
}

const props = {
  listingId: TOUR_LISTING_ID,
  signIn: (start?: string) => ({
    to: '/login',
    state: {
      from: {
        pathname: `/listings/${TOUR_LISTING_ID}`,
        search: start ? `?tour=${encodeURIComponent(start)}` : '',
        hash: '#book-tour',
      },
    },
  }),
  toursHref: '/tours',
};

const dateButton = (c: HTMLElement, date: string) =>
  c.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
const timeButton = (c: HTMLElement, time: string) => buttonNamed(c, time);

resetPageAfterEach();
// The clock reads Friday 2026-10-30, 08:00 in New York.
fakeDateEachTest('2026-10-30T12:00:00.000Z');

async function renderRenter() {
  return renderMessaging(<BookTourSection {...props} viewer="renter" />);
}

describe('Book a tour', () => {
  it("shows the window's days (empty ones disabled) and the times in the listing's zone", async () => {
    api({});
    const { container } = await renderRenter();
    await waitFor(() =>
      expect(dateButton(container, '2026-10-31')?.getAttribute('aria-pressed')).toBe('true'),
    );
    expect(dateButton(container, '2026-10-30')?.disabled).toBe(true);
    expect(dateButton(container, '2026-11-03')?.disabled).toBe(true);
    expect(container.querySelectorAll('button[data-date]')).toHaveLength(5);
    expect(textOf(container)).toContain('Times in New York time (EDT)');
    expect(timeButton(container, '5:00 PM')).not.toBeNull();

    // Sunday, the day DST ends: 17:00 local is still 5:00 PM, now EST.
    await act(async () => dateButton(container, '2026-11-01')?.click());
    expect(textOf(container)).toContain('Sunday, November 1');
    expect(textOf(container)).toContain('Times in New York time (EST)');
    expect(timeButton(container, '5:00 PM')).not.toBeNull();
    expect(timeButton(container, '5:20 PM')).not.toBeNull();
  });

  it('confirms with type and note, then offers the calendar file and /tours', async () => {
    const calls = api({ book: () => ({ status: 201, body: tour({ note: 'Hello' }) }) });
    const { container } = await renderRenter();
    await waitFor(() => expect(dateButton(container, '2026-11-01')).not.toBeNull());
    await act(async () => dateButton(container, '2026-11-01')?.click());
    await act(async () => timeButton(container, '5:00 PM')?.click());

    expect(textOf(container)).toContain('Sunday, November 1');
    expect(textOf(container)).toContain('5:00 – 5:20 PM');
    expect(textOf(container)).toContain('(New York time (EST))');
    const video = container.querySelector<HTMLInputElement>('input[type="radio"][value="video"]');
    await act(async () => video?.click());
    const note = container.querySelector('textarea') as HTMLTextAreaElement;
    await act(async () => typeInto(note, 'Hello'));
    expect(textOf(container)).toContain('5/500 characters');
    expect(note.maxLength).toBe(500);

    await act(async () => buttonNamed(container, 'Confirm tour')?.click());
    await waitFor(() =>
      expect(textOf(container)).toContain('Tour confirmed for Sunday, November 1 at 5:00 PM'),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      listingId: TOUR_LISTING_ID,
      start: '2026-11-01T22:00:00.000Z',
      type: 'video',
      note: 'Hello',
    });
    expect(String((post?.body as { idempotencyKey?: string } | undefined)?.idempotencyKey)).toMatch(
      /^[\w-]{8,}$/,
    );
    const links = [...container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toContainEqual(['Add to calendar', `/api/tours/${TOUR_ID}/ics`]);
    expect(links).toContainEqual(['See your tours', '/tours']);
  });

  it('says a taken slot was taken, refreshes the times and goes back to them', async () => {
    let free = SLOTS;
    const calls = api({
      slots: () => free,
      book: () => {
        free = SLOTS.filter((s) => s.start !== '2026-10-31T21:00:00.000Z');
        return {
          status: 409,
          body: { error: { code: 'SLOT_TAKEN', message: 'That time was just taken.' } },
        };
      },
    });
    const { container } = await renderRenter();
    await waitFor(() => expect(timeButton(container, '5:00 PM')).not.toBeNull());
    await act(async () => timeButton(container, '5:00 PM')?.click());
    await act(async () => buttonNamed(container, 'Confirm tour')?.click());
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'That time was just taken. Please choose another.',
      ),
    );
    // The slots were asked again; Saturday is now full, so the strip moves on to Sunday.
    await waitFor(() => expect(dateButton(container, '2026-10-31')?.disabled).toBe(true));
    expect(calls.filter((c) => c.url.pathname.endsWith('/tour-slots')).length).toBeGreaterThan(1);
    expect(dateButton(container, '2026-11-01')?.getAttribute('aria-pressed')).toBe('true');
    expect(buttonNamed(container, 'Confirm tour')).toBeNull();
    // Moving on to Sunday keeps the reason in view; choosing a time clears it.
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'That time was just taken. Please choose another.',
    );
    await act(async () => timeButton(container, '5:20 PM')?.click());
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('retries a failed confirm with the same idempotency key', async () => {
    let attempt = 0;
    const calls = api({
      book: () => {
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { error: { code: 'INTERNAL', message: 'Try again.' } } }
          : { status: 201, body: tour() };
      },
    });
    const { container } = await renderRenter();
    await waitFor(() => expect(timeButton(container, '5:00 PM')).not.toBeNull());
    await act(async () => timeButton(container, '5:00 PM')?.click());
    await act(async () => buttonNamed(container, 'Confirm tour')?.click());
    await waitFor(() => expect(container.querySelector('[role="alert"]')).not.toBeNull());
    await act(async () => buttonNamed(container, 'Confirm tour')?.click());
    await waitFor(() => expect(textOf(container)).toContain('Tour confirmed for'));
    const keys = calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says "Request sent" when the landlord confirms each request', async () => {
    api({
      settings: settings({ mode: 'request', types: ['in_person'] }),
      book: () => ({
        status: 201,
        body: tour({
          status: 'requested',
          type: 'in_person',
          expiresAt: '2026-10-31T12:00:00.000Z',
        }),
      }),
    });
    const { container } = await renderRenter();
    await waitFor(() => expect(timeButton(container, '5:00 PM')).not.toBeNull());
    await act(async () => timeButton(container, '5:00 PM')?.click());
    // One type offered: no choice to make.
    expect(container.querySelector('input[type="radio"]')).toBeNull();
    expect(textOf(container)).toContain('In person');
    await act(async () => buttonNamed(container, 'Send request')?.click());
    await waitFor(() => expect(textOf(container)).toContain('Request sent'));
    expect(textOf(container)).toContain('The landlord has until Sat, Oct 31, 8:00 AM to answer');
    expect(
      [...container.querySelectorAll('a')].some((a) => a.textContent === 'Add to calendar'),
    ).toBe(false);
  });

  it('offers the waitlist when no time is open, and shows the place in line once joined', async () => {
    const entry = {
      id: '00000000-0000-4000-8000-0000000000f1',
      listingId: TOUR_LISTING_ID,
      listing: tour().listing,
      renter: tour().renter,
      preferences: { days: ['saturday'], times: ['evening'], types: [] },
      status: 'waiting',
      position: 2,
      offer: null,
      createdAt: '2026-10-30T12:00:00.000Z',
    };
    let joined = false;
    const calls = stubApi((call) => {
      const path = call.url.pathname;
      if (path.endsWith('/tour-settings')) return { body: settings() };
      if (path.endsWith('/tour-slots')) return { body: { timeZone: NEW_YORK, slots: [] } };
      if (path === '/api/waitlist') return { body: { items: joined ? [entry] : [] } };
      if (path === `/api/listings/${TOUR_LISTING_ID}/waitlist` && call.method === 'POST') {
        joined = true;
        return { status: 201, body: entry };
      }
      return undefined;
    });
    const { container } = await renderRenter();
    await waitFor(() => expect(buttonNamed(container, 'Join waitlist')).not.toBeNull());
    expect(textOf(container)).toContain('There are no tour times open right now.');
    const sat = [...container.querySelectorAll('label')].find((l) => l.textContent === 'Sat');
    const evenings = [...container.querySelectorAll('label')].find((l) =>
      l.textContent?.startsWith('Evenings'),
    );
    await act(async () => sat?.querySelector('input')?.click());
    await act(async () => evenings?.querySelector('input')?.click());
    await act(async () => buttonNamed(container, 'Join waitlist')?.click());
    await waitFor(() => expect(textOf(container)).toContain('You are #2 on the waitlist.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      preferences: { days: ['saturday'], times: ['evening'], types: [] },
    });
    expect(textOf(container)).toContain('Suits you: Sat · evenings');
    expect(buttonNamed(container, 'Leave waitlist')).not.toBeNull();
  });

  it('tells a renter who already has a tour here when it is, with the way to change it', async () => {
    stubApi((call) => {
      const path = call.url.pathname;
      if (path.endsWith('/tour-settings')) return { body: settings() };
      if (path.endsWith('/tour-slots')) return { body: { timeZone: NEW_YORK, slots: SLOTS } };
      if (path === '/api/waitlist') return { body: { items: [] } };
      if (path === '/api/tours') {
        expect(call.url.searchParams.get('listingId')).toBe(TOUR_LISTING_ID);
        return { body: { items: [tour()] } };
      }
      return undefined;
    });
    const { container } = await renderRenter();
    await waitFor(() =>
      expect(textOf(container)).toContain(
        'You have a tour here on Sunday, November 1 at 5:00 PM (confirmed).',
      ),
    );
    const link = [...container.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Move or cancel'),
    );
    expect(link?.getAttribute('href')).toBe('/tours');
  });

  it('takes a renter back from signing in straight to confirming the time they chose', async () => {
    api({});
    const start = '2026-11-01T22:00:00.000Z';
    const { container, router } = await renderMessaging(
      <BookTourSection {...props} viewer="renter" />,
      {
        path: `/listings/${TOUR_LISTING_ID}?tour=${encodeURIComponent(start)}#book-tour`,
        pattern: '/listings/:id',
      },
    );
    await waitFor(() => expect(buttonNamed(container, 'Confirm tour')).not.toBeNull());
    expect(textOf(container)).toContain('Sunday, November 1');
    expect(textOf(container)).toContain('5:00 – 5:20 PM');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('#book-tour');
    // "Change time" goes back to that day's times.
    await act(async () => buttonNamed(container, 'Back')?.click());
    expect(dateButton(container, '2026-11-01')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('lets a visitor pick a time, then sign in to book exactly that time', async () => {
    api({});
    const { container, router } = await renderMessaging(
      <BookTourSection {...props} viewer="visitor" />,
      { path: `/listings/${TOUR_LISTING_ID}`, pattern: '/listings/:id' },
    );
    await waitFor(() => expect(timeButton(container, '5:00 PM')).not.toBeNull());
    await act(async () => timeButton(container, '5:00 PM')?.click());
    expect(textOf(container)).toContain(
      'Sign in to book Saturday, October 31 at 5:00 PM. You will come back here to confirm.',
    );
    const link = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Sign in to book',
    );
    await act(async () => link?.click());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual(props.signIn('2026-10-31T21:00:00.000Z').state);
  });

  it('asks a visitor to sign in and come back to the listing', async () => {
    api({ settings: { status: 401 } });
    const { container } = await renderMessaging(<BookTourSection {...props} viewer="visitor" />);
    await waitFor(() => expect(textOf(container)).toContain('Sign in as a renter to book a tour.'));
    const link = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Sign in to book',
    );
    expect(link?.getAttribute('href')).toBe('/login');
  });
});
