import { describe, expect, it, vi } from 'vitest';
import {
  type BotpressWebchat,
  type BotpressWindow,
  CHATBOT_ERRORS,
  type ChatbotSettings,
  loadBotpress,
  STOOP_WEBCHAT_CONFIGURATION,
} from './botpress-loader.ts';

const SETTINGS: ChatbotSettings = {
  injectScriptUrl: 'https://cdn.example/webchat/v3.3/inject.js',
  botScriptUrl: 'https://files.example/2026/bot.js',
  clientId: 'client-1',
  botId: 'bot-1',
};

/** A stand-in for the provider's inject script's `window.botpress`. */
function fakeWebchat(): BotpressWebchat & { init: ReturnType<typeof vi.fn> } {
  const webchat = {
    initialized: false,
    init: vi.fn(() => {
      webchat.initialized = true;
    }),
    config: vi.fn(),
    open: vi.fn(),
    close: vi.fn(),
  };
  return webchat;
}

type Script = (target: BotpressWindow) => void;

/**
 * A script loader over a fake window: each URL either runs its script or fails to load, and
 * the loaded URLs are recorded in order.
 */
function scripts(behaviour: { inject: Script | 'fails'; bot: Script | 'fails' }) {
  const target: BotpressWindow = {};
  const loaded: string[] = [];
  const loadScript = vi.fn(async (url: string, role: 'inject' | 'bot') => {
    loaded.push(url);
    const run = behaviour[role];
    if (run === 'fails') throw new Error(`404 ${url}`);
    run(target);
  });
  return { target, loaded, loadScript };
}

const defineWebchat: Script = (target) => {
  target.botpress = fakeWebchat();
};

/** What a real bot script does: init with the bot's own settings. */
const botInits: Script = (target) => {
  target.botpress?.init?.({ clientId: 'client-1', configuration: STOOP_WEBCHAT_CONFIGURATION });
};

describe('loadBotpress', () => {
  it('loads the inject script, then the bot script, then puts Stoop’s options on top', async () => {
    const { target, loaded, loadScript } = scripts({ inject: defineWebchat, bot: botInits });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(true);
    expect(loaded).toEqual([SETTINGS.injectScriptUrl, SETTINGS.botScriptUrl]);
    expect(target.botpress?.config).toHaveBeenCalledWith({
      configuration: STOOP_WEBCHAT_CONFIGURATION,
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('initialises the webchat itself when the bot script did not', async () => {
    const { target, loadScript } = scripts({ inject: defineWebchat, bot: () => {} });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(true);
    expect(target.botpress?.init).toHaveBeenCalledWith({
      clientId: 'client-1',
      botId: 'bot-1',
      selector: '#stoop-chatbot',
      defaultState: 'closed',
      configuration: STOOP_WEBCHAT_CONFIGURATION,
    });
    expect(STOOP_WEBCHAT_CONFIGURATION).toMatchObject({ botName: 'Stoop Assistant' });
    expect(onError).not.toHaveBeenCalled();
  });

  it("reports 'Failed to load Botpress inject script' and loads nothing more", async () => {
    const { target, loaded, loadScript } = scripts({ inject: 'fails', bot: botInits });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(false);
    expect(onError.mock.calls).toEqual([['Failed to load Botpress inject script']]);
    expect(loaded).toEqual([SETTINGS.injectScriptUrl]);
  });

  it("reports 'Failed to load Botpress bot script'", async () => {
    const { target, loadScript } = scripts({ inject: defineWebchat, bot: 'fails' });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(false);
    expect(onError.mock.calls).toEqual([['Failed to load Botpress bot script']]);
    expect(target.botpress?.init).not.toHaveBeenCalled();
  });

  it("reports 'Botpress webchat object not available' when the bot script leaves none", async () => {
    const { target, loadScript } = scripts({
      inject: defineWebchat,
      bot: (t) => {
        delete t.botpress;
      },
    });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(false);
    expect(onError.mock.calls).toEqual([['Botpress webchat object not available']]);
  });

  it('reports the missing object right after an inject script that defines none', async () => {
    const { target, loaded, loadScript } = scripts({ inject: () => {}, bot: botInits });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(false);
    expect(onError.mock.calls).toEqual([[CHATBOT_ERRORS.webchatMissing]]);
    // The bot script would only fail on the missing object.
    expect(loaded).toEqual([SETTINGS.injectScriptUrl]);
  });

  it('reports a webchat whose init throws as not available, without throwing', async () => {
    const { target, loadScript } = scripts({
      inject: (t) => {
        t.botpress = {
          init: () => {
            throw new Error('boom');
          },
        };
      },
      bot: () => {},
    });
    const onError = vi.fn();
    await expect(loadBotpress(SETTINGS, { onError, loadScript, target })).resolves.toBe(false);
    expect(onError.mock.calls).toEqual([[CHATBOT_ERRORS.webchatMissing]]);
  });

  it('has the spec’s messages word for word', () => {
    expect(Object.values(CHATBOT_ERRORS)).toEqual([
      'Failed to load Botpress inject script',
      'Failed to load Botpress bot script',
      'Botpress webchat object not available',
    ]);
  });
});
