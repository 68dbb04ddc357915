// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHATBOT_ERROR_EVENT, reportChatbotError, startChatbot } from './start-chatbot.ts';

const { loadBotpress } = vi.hoisted(() => ({ loadBotpress: vi.fn(async () => true) }));
vi.mock('./botpress-loader.ts', () => ({ loadBotpress }));

const SETTINGS = {
  injectScriptUrl: 'http://127.0.0.1:4555/inject.js',
  botScriptUrl: 'http://127.0.0.1:4555/bot.js',
  clientId: 'client-1',
};

describe('the chatbot starter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports a failure as an event, on <html> and in the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: string[] = [];
    const listener = (event: Event) =>
      seen.push((event as CustomEvent<{ message: string }>).detail.message);
    window.addEventListener(CHATBOT_ERROR_EVENT, listener);
    reportChatbotError('Failed to load Botpress bot script');
    window.removeEventListener(CHATBOT_ERROR_EVENT, listener);

    expect(seen).toEqual(['Failed to load Botpress bot script']);
    expect(document.documentElement.dataset.chatbot).toBe('error');
    expect(document.documentElement.dataset.chatbotError).toBe(
      'Failed to load Botpress bot script',
    );
    expect(warn).toHaveBeenCalledWith('Chatbot: Failed to load Botpress bot script');
  });

  it('loads the webchat once per page into its container, however often it is asked', async () => {
    const first = startChatbot(SETTINGS);
    const second = startChatbot(SETTINGS);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(loadBotpress).toHaveBeenCalledTimes(1);
    expect(loadBotpress).toHaveBeenCalledWith(SETTINGS, {
      onError: reportChatbotError,
    });
    expect(document.querySelectorAll('#stoop-chatbot')).toHaveLength(1);
    expect(document.documentElement.dataset.chatbot).toBe('ready');
  });
});
