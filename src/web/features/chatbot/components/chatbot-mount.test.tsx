// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createContext, useContext } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, render, waitFor } from '../../../testing/render.tsx';
import type { ChatbotViewer } from '../lib/chatbot-visibility.ts';
import { ChatbotMount, type DocumentLoads } from './chatbot-mount.tsx';

const { startChatbot } = vi.hoisted(() => ({ startChatbot: vi.fn(async () => true) }));
vi.mock('../lib/start-chatbot.ts', () => ({ startChatbot }));

const CHATBOT = {
  injectScriptUrl: 'http://127.0.0.1:4555/inject.js',
  botScriptUrl: 'http://127.0.0.1:4555/bot.js',
  clientId: 'client-1',
};

const VISITOR: ChatbotViewer = { sessionKnown: true, role: null };
const RENTER: ChatbotViewer = { sessionKnown: true, role: 'renter' };
const LANDLORD: ChatbotViewer = { sessionKnown: true, role: 'landlord' };
const ADMIN: ChatbotViewer = { sessionKnown: true, role: 'admin' };
const UNKNOWN: ChatbotViewer = { sessionKnown: false, role: null };

let configRequests = 0;

function answerConfig(chatbot: typeof CHATBOT | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/config') configRequests += 1;
      return new Response(JSON.stringify({ siteUrl: 'http://localhost', chatbot }), {
        status: 200,
      });
    }),
  );
}

const Viewer = createContext<{ viewer: ChatbotViewer; loads?: DocumentLoads }>({
  viewer: UNKNOWN,
});

function Slot() {
  const { viewer, loads } = useContext(Viewer);
  return <ChatbotMount viewer={viewer} loads={loads} />;
}

/** The mount inside a router at `at`, as RootRoute has it; `setViewer` is a session change. */
async function mount(viewer: ChatbotViewer, at = '/search') {
  const client = new QueryClient();
  const loads = { load: vi.fn(), reload: vi.fn() } satisfies DocumentLoads;
  const router = createMemoryRouter([{ path: '*', element: <Slot /> }], { initialEntries: [at] });
  const ui = (who: ChatbotViewer) => (
    <QueryClientProvider client={client}>
      <Viewer.Provider value={{ viewer: who, loads }}>
        <RouterProvider router={router} />
      </Viewer.Provider>
    </QueryClientProvider>
  );
  const rendered = await render(ui(viewer));
  return {
    ...rendered,
    loads,
    router,
    setViewer: (who: ChatbotViewer) => rendered.rerender(ui(who)),
    navigate: async (to: string) => {
      await act(async () => {
        await router.navigate(to);
      });
    },
  };
}

const hidden = () => document.documentElement.hasAttribute('data-chatbot-hidden');

/** As startChatbot leaves a document that asked for the webchat. */
function markInjected() {
  document.documentElement.dataset.chatbot = 'ready';
}

describe('ChatbotMount', () => {
  beforeEach(() => {
    configRequests = 0;
    startChatbot.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute('data-chatbot-hidden');
    delete document.documentElement.dataset.chatbot;
    delete (window as { botpress?: unknown }).botpress;
  });

  it.each([
    ['visitor', VISITOR],
    ['renter', RENTER],
  ])('loads the webchat for a %s once the settings say it is configured', async (_who, viewer) => {
    answerConfig(CHATBOT);
    await mount(viewer);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledWith(CHATBOT));
    expect(configRequests).toBe(1);
    expect(hidden()).toBe(false);
  });

  it('loads nothing when the chatbot is not configured', async () => {
    answerConfig(null);
    await mount(VISITOR);
    await waitFor(() => expect(configRequests).toBe(1));
    await flush(5);
    expect(startChatbot).not.toHaveBeenCalled();
  });

  it.each([
    ['a landlord', LANDLORD],
    ['an admin', ADMIN],
    ['someone not known yet', UNKNOWN],
  ])('never asks for anything for %s', async (_who, viewer) => {
    answerConfig(CHATBOT);
    const idleWaits = vi.fn((run: () => void) => {
      run();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idleWaits);
    const { loads } = await mount(viewer);
    await flush(5);
    // Not even waiting for the browser to be idle: nothing is scheduled at all.
    expect(idleWaits).not.toHaveBeenCalled();
    expect(configRequests).toBe(0);
    expect(startChatbot).not.toHaveBeenCalled();
    expect(hidden()).toBe(true);
    // Nothing was loaded in this document: nothing to reload for.
    expect(loads.reload).not.toHaveBeenCalled();
  });

  it.each([
    '/reset-password#token=secret-token',
    '/forgot-password',
    '/password-reset-redirect#token=secret-token',
    '/Reset-Password/',
    '/?type=recovery#token=secret-token',
  ])('never loads on %s, for a visitor or a renter', async (at) => {
    answerConfig(CHATBOT);
    for (const viewer of [VISITOR, RENTER]) {
      const { loads, unmount } = await mount(viewer, at);
      await flush(5);
      expect(configRequests).toBe(0);
      expect(startChatbot).not.toHaveBeenCalled();
      expect(hidden()).toBe(true);
      expect(loads.reload).not.toHaveBeenCalled();
      await unmount();
    }
  });

  it('turns a link to a password page into a full page load once the webchat is on the page', async () => {
    answerConfig(CHATBOT);
    const { router, loads, navigate } = await mount(VISITOR, '/search');
    await waitFor(() => expect(startChatbot).toHaveBeenCalledTimes(1));
    markInjected();

    await navigate('/reset-password#token=secret-token');
    // The address never changed in this document: the new one loads it, without the webchat.
    expect(loads.load).toHaveBeenCalledWith('/reset-password#token=secret-token');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.hash).toBe('');

    await navigate('/listings/1');
    expect(router.state.location.pathname).toBe('/listings/1');
    expect(loads.load).toHaveBeenCalledTimes(1);
  });

  it('navigates to a password page in place when the webchat was never loaded', async () => {
    answerConfig(null);
    const { router, loads, navigate } = await mount(VISITOR, '/search');
    await navigate('/forgot-password');
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(loads.load).not.toHaveBeenCalled();
    expect(loads.reload).not.toHaveBeenCalled();
  });

  it('reloads the page when a session with the webchat loaded turns admin', async () => {
    answerConfig(CHATBOT);
    const { setViewer, loads } = await mount(VISITOR);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledTimes(1));
    markInjected();
    await setViewer(ADMIN);
    expect(hidden()).toBe(true);
    expect(loads.reload).toHaveBeenCalledTimes(1);
  });

  it('closes and hides a loaded webchat when a landlord signs in, without a reload', async () => {
    answerConfig(CHATBOT);
    const close = vi.fn();
    (window as { botpress?: unknown }).botpress = { close };
    const { setViewer, loads } = await mount(VISITOR);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledTimes(1));
    markInjected();

    await setViewer(LANDLORD);
    expect(hidden()).toBe(true);
    expect(close).toHaveBeenCalledTimes(1);
    expect(loads.reload).not.toHaveBeenCalled();

    // Signed out again: shown again, from the page's one loaded webchat.
    await setViewer(VISITOR);
    expect(hidden()).toBe(false);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledTimes(2));
    expect(configRequests).toBe(1);
  });
});
