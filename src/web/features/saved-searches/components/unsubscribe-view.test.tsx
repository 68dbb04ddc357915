// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { SEARCH_ID } from '../../../testing/saved-searches-fixtures.ts';
import { UnsubscribeView } from './unsubscribe-view.tsx';

resetPageAfterEach();

const link = (name: string) =>
  [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === name);

const view = (token: string | null) => (
  <StrictMode>
    <UnsubscribeView
      token={token}
      savedSearchesHref="/saved-searches"
      savedListingsHref="/saved-listings"
    />
  </StrictMode>
);

describe('/alerts/unsubscribe', () => {
  it('posts the token once and names the search whose alerts went off', async () => {
    // The answer waits until the page has shown that it is working on it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const calls = stubApi(async (call) => {
      if (call.url.pathname !== '/api/alerts/unsubscribe') return undefined;
      await answered;
      return {
        body: { unsubscribed: { kind: 'saved-search', id: SEARCH_ID, name: 'Williamsburg 2 bd' } },
      };
    });
    await renderMessaging(view('tok.en'));
    expect(textOf()).toContain('Turning off alerts…');
    answer();
    await waitFor(() =>
      expect(textOf()).toContain('You will no longer get alerts for “Williamsburg 2 bd”.'),
    );
    expect(link('Manage saved searches')?.getAttribute('href')).toBe('/saved-searches');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ token: 'tok.en' });
  });

  it("says when a saved listing's alerts went off", async () => {
    stubApi(() => ({ body: { unsubscribed: { kind: 'saved-listings' } } }));
    await renderMessaging(view('tok.en'));
    await waitFor(() =>
      expect(textOf()).toContain('You will no longer get alerts about your saved listings.'),
    );
    expect(link('Saved listings')?.getAttribute('href')).toBe('/saved-listings');
  });

  it('a forged token: the link is invalid or has expired', async () => {
    stubApi(() => ({
      status: 400,
      body: { error: { code: 'INVALID_TOKEN', message: 'Invalid token' } },
    }));
    await renderMessaging(view('forged'));
    await waitFor(() => expect(textOf()).toContain('This link is invalid or has expired.'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'This link is invalid or has expired.',
    );
  });

  it('no token: invalid at once, nothing sent', async () => {
    const calls = stubApi(() => undefined);
    await renderMessaging(view(null));
    expect(textOf()).toContain('This link is invalid or has expired.');
    expect(calls).toEqual([]);
  });

  it('a network failure can be retried', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { status: 503, body: { error: { code: 'INTERNAL', message: 'Down' } } }
        : { body: { unsubscribed: { kind: 'saved-listings' } } },
    );
    await renderMessaging(view('tok.en'));
    await waitFor(() => expect(textOf()).toContain('Try again'));
    fail = false;
    const retry = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Try again',
    );
    retry?.click();
    await waitFor(() =>
      expect(textOf()).toContain('You will no longer get alerts about your saved listings.'),
    );
  });
});
