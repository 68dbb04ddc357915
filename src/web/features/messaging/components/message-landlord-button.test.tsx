// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION,
  LISTING,
  ME,
  OTHER,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { MessageLandlordButton } from './message-landlord-button.tsx';

resetPageAfterEach();

const signIn = { to: '/login', state: { from: { pathname: `/listings/${LISTING}` } } };

const link = (container: HTMLElement) =>
  [...container.querySelectorAll('a')].find((a) => a.textContent?.includes('Message landlord'));

describe('Message landlord', () => {
  it('opens (or creates) the conversation about the listing and goes to it', async () => {
    const calls = stubApi((call) =>
      call.url.pathname === '/api/conversations' && call.method === 'POST'
        ? { status: 201, body: { conversation: { id: CONVERSATION } } }
        : undefined,
    );
    const { container, router } = await renderMessaging(
      <MessageLandlordButton landlordId={OTHER} listingId={LISTING} userId={ME} signIn={signIn} />,
      { path: `/listings/${LISTING}`, pattern: '/listings/:id' },
    );
    const a = link(container);
    expect(a?.getAttribute('href')).toBe('/chat');
    await act(async () => a?.click());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION}`));
    expect(router.state.location.state).toEqual({ listingId: LISTING });
    expect(calls[0]?.body).toEqual({ participantId: OTHER, listingId: LISTING });
  });

  it("toasts the spec's message when that fails", async () => {
    stubApi(() => ({
      status: 400,
      body: {
        error: { code: 'VALIDATION_ERROR', message: 'Failed to create or retrieve conversation' },
      },
    }));
    const { container, router } = await renderMessaging(
      <MessageLandlordButton landlordId={OTHER} listingId={LISTING} userId={ME} signIn={signIn} />,
      { path: `/listings/${LISTING}`, pattern: '/listings/:id' },
    );
    await act(async () => link(container)?.click());
    await waitFor(() =>
      expect(container.querySelector('[data-toast-type="error"]')?.textContent).toContain(
        'Failed to create or retrieve conversation',
      ),
    );
    expect(router.state.location.pathname).toBe(`/listings/${LISTING}`);
  });

  it('sends a visitor to sign in first, remembering the listing', async () => {
    const { container, router } = await renderMessaging(
      <MessageLandlordButton
        landlordId={OTHER}
        listingId={LISTING}
        userId={null}
        signIn={signIn}
      />,
      { path: `/listings/${LISTING}`, pattern: '/listings/:id' },
    );
    await act(async () => link(container)?.click());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual(signIn.state);
  });

  it('is not shown to the landlord of the listing', async () => {
    const { container } = await renderMessaging(
      <MessageLandlordButton landlordId={ME} listingId={LISTING} userId={ME} signIn={signIn} />,
    );
    expect(link(container)).toBeUndefined();
  });
});
