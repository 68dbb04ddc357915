// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessaging } from '../../../testing/messaging-test-harness.tsx';
import { cleanup } from '../../../testing/render.tsx';
import { anAlert, LISTING_ID } from '../../../testing/saved-searches-fixtures.ts';
import { announceAlert } from '../alert-feed.ts';
import { alertMessage } from '../alert-text.ts';
import { AlertNotifier } from './alert-notifier.tsx';

afterEach(async () => {
  await cleanup();
  document.body.innerHTML = '';
});

const listingHref = (id: string) => `/listings/${id}`;

describe('alert notifications', () => {
  it('words each kind of alert', () => {
    expect(alertMessage(anAlert())).toBe(
      'New match for “Williamsburg 2 bd”: Sunny loft by the park, $3,200',
    );
    expect(alertMessage(anAlert({ kind: 'price_drop', previousRentCents: 350_000 }))).toBe(
      'Price drop: Sunny loft by the park, $3,200 (was $3,500)',
    );
    expect(alertMessage(anAlert({ kind: 'rented', savedSearch: null }))).toBe(
      'Rented: Sunny loft by the park',
    );
  });

  it('shows a live alert as a polite toast with a link that opens the listing, without taking focus', async () => {
    const { router } = await renderMessaging(
      <>
        <button type="button">Somewhere else</button>
        <AlertNotifier enabled listingHref={listingHref} />
      </>,
      { path: '/search', pattern: '/search' },
    );
    const focused = document.querySelector('button') as HTMLButtonElement;
    focused.focus();
    await act(async () => announceAlert(anAlert()));
    const toast = document.querySelector('[data-toast-type]');
    expect(toast?.getAttribute('role')).toBe('status');
    expect(toast?.textContent).toContain(
      'New match for “Williamsburg 2 bd”: Sunny loft by the park, $3,200',
    );
    expect(document.activeElement).toBe(focused);
    const link = toast?.querySelector('a') as HTMLAnchorElement;
    expect(link.textContent).toBe('Open listing');
    expect(link.getAttribute('href')).toBe(`/listings/${LISTING_ID}`);
    await act(async () => link.click());
    expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
  });

  it('stays quiet when off (not a renter)', async () => {
    await renderMessaging(<AlertNotifier enabled={false} listingHref={listingHref} />);
    await act(async () => announceAlert(anAlert()));
    expect(document.querySelector('[data-toast-type]')).toBeNull();
  });
});
