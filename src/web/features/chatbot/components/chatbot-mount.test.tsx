// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, render, waitFor } from '../../../testing/render.tsx';
import { ChatbotMount } from './chatbot-mount.tsx';

const { startChatbot } = vi.hoisted(() => ({ startChatbot: vi.fn(async () => true) }));
vi.mock('../lib/start-chatbot.ts', () => ({ startChatbot }));

const CHATBOT = {
  injectScriptUrl: 'http://127.0.0.1:4555/inject.js',
  botScriptUrl: 'http://127.0.0.1:4555/bot.js',
  clientId: 'client-1',
};

let configRequests = 0;

function answerConfig(chatbot: typeof CHATBOT | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/config') configRequests += 1;
      return new Response(JSON.stringify({ chatbot }), { status: 200 });
    }),
  );
}

async function mount(enabled: boolean) {
  const client = new QueryClient();
  const ui = (on: boolean) => (
    <QueryClientProvider client={client}>
      <ChatbotMount enabled={on} />
    </QueryClientProvider>
  );
  const rendered = await render(ui(enabled));
  return { ...rendered, setEnabled: (on: boolean) => rendered.rerender(ui(on)) };
}

describe('ChatbotMount', () => {
  beforeEach(() => {
    configRequests = 0;
    startChatbot.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute('data-chatbot-hidden');
    delete (window as { botpress?: unknown }).botpress;
  });

  it('loads the webchat for a visitor or non-landlord once the settings say it is configured', async () => {
    answerConfig(CHATBOT);
    await mount(true);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledWith(CHATBOT));
    expect(configRequests).toBe(1);
    expect(document.documentElement.hasAttribute('data-chatbot-hidden')).toBe(false);
  });

  it('loads nothing when the chatbot is not configured', async () => {
    answerConfig(null);
    await mount(true);
    await waitFor(() => expect(configRequests).toBe(1));
    await flush(5);
    expect(startChatbot).not.toHaveBeenCalled();
  });

  it('never asks for anything for a landlord (or while the session is unknown)', async () => {
    answerConfig(CHATBOT);
    const idleWaits = vi.fn((run: () => void) => {
      run();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idleWaits);
    await mount(false);
    await flush(5);
    // Not even waiting for the browser to be idle: nothing is scheduled at all.
    expect(idleWaits).not.toHaveBeenCalled();
    expect(configRequests).toBe(0);
    expect(startChatbot).not.toHaveBeenCalled();
    expect(document.documentElement.hasAttribute('data-chatbot-hidden')).toBe(true);
  });

  it('closes and hides a loaded webchat when a landlord signs in, without a reload', async () => {
    answerConfig(CHATBOT);
    const close = vi.fn();
    (window as { botpress?: unknown }).botpress = { close };
    const { setEnabled } = await mount(true);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledTimes(1));

    await setEnabled(false);
    expect(document.documentElement.hasAttribute('data-chatbot-hidden')).toBe(true);
    expect(close).toHaveBeenCalledTimes(1);

    // Signed out again: shown again, from the page's one loaded webchat.
    await setEnabled(true);
    expect(document.documentElement.hasAttribute('data-chatbot-hidden')).toBe(false);
    await waitFor(() => expect(startChatbot).toHaveBeenCalledTimes(2));
    expect(configRequests).toBe(1);
  });
});
