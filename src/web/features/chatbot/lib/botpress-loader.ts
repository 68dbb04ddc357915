import type { PublicConfig } from '../../../../shared/schemas/config.ts';
import { CHATBOT_CONTAINER_ID } from './chatbot-visibility.ts';

/** docs/spec.md §8: what the loader reports to its callback, word for word. */
export const CHATBOT_ERRORS = {
  injectScript: 'Failed to load Botpress inject script',
  botScript: 'Failed to load Botpress bot script',
  webchatMissing: 'Botpress webchat object not available',
} as const;

export type ChatbotError = (typeof CHATBOT_ERRORS)[keyof typeof CHATBOT_ERRORS];
export type ChatbotSettings = NonNullable<PublicConfig['chatbot']>;

/** Stoop's look and behaviour for the webchat (Botpress webchat v3 `configuration`). */
export const STOOP_WEBCHAT_CONFIGURATION = {
  botName: 'Stoop Assistant',
  botDescription: 'Questions about no-fee rentals, tours or your account? Ask here.',
  composerPlaceholder: 'Ask about apartments, tours or fees',
  // brand-700: white text on it passes WCAG AA.
  color: '#0f766e',
  variant: 'solid',
  themeMode: 'light',
  fontFamily: 'inter',
  radius: 1,
  allowFileUpload: false,
} as const;

/** The part of `window.botpress` (the inject script's API) the loader uses. */
export type BotpressWebchat = {
  initialized?: boolean;
  init?: (options: {
    botId?: string;
    clientId: string;
    selector?: string;
    defaultState?: 'opened' | 'closed';
    configuration: typeof STOOP_WEBCHAT_CONFIGURATION;
  }) => unknown;
  config?: (options: { configuration: typeof STOOP_WEBCHAT_CONFIGURATION }) => unknown;
  open?: () => void;
  close?: () => void;
};

export type BotpressWindow = { botpress?: BotpressWebchat };

export type LoaderOptions = {
  /** docs/spec.md §8's callback: each failure, with its message. */
  onError: (message: ChatbotError) => void;
  /** Loads one script and settles when it has run or failed (a `<script>` by default). */
  loadScript?: (url: string, role: 'inject' | 'bot') => Promise<void>;
  /** Where `botpress` is looked up (the page's window by default). */
  target?: BotpressWindow;
};

/**
 * Loads the provider's inject script, then the bot's own script, then initialises the webchat
 * with Stoop's options. The bot script usually calls `init` itself with the bot's settings; the
 * webchat then only takes Stoop's configuration on top. Resolves true when the webchat is up;
 * every failure goes to `onError` with the spec's message, and nothing throws.
 */
export async function loadBotpress(
  settings: ChatbotSettings,
  { onError, loadScript = injectScript, target = window as BotpressWindow }: LoaderOptions,
): Promise<boolean> {
  try {
    await loadScript(settings.injectScriptUrl, 'inject');
  } catch {
    onError(CHATBOT_ERRORS.injectScript);
    return false;
  }
  // Without the object, the bot script would only fail on it: do not load it.
  if (!isWebchat(target.botpress)) {
    onError(CHATBOT_ERRORS.webchatMissing);
    return false;
  }
  try {
    await loadScript(settings.botScriptUrl, 'bot');
  } catch {
    onError(CHATBOT_ERRORS.botScript);
    return false;
  }
  const botpress = target.botpress;
  if (!isWebchat(botpress)) {
    onError(CHATBOT_ERRORS.webchatMissing);
    return false;
  }
  try {
    if (botpress.initialized && typeof botpress.config === 'function') {
      botpress.config({ configuration: STOOP_WEBCHAT_CONFIGURATION });
    } else if (!botpress.initialized) {
      botpress.init({
        clientId: settings.clientId,
        ...(settings.botId ? { botId: settings.botId } : {}),
        selector: `#${CHATBOT_CONTAINER_ID}`,
        defaultState: 'closed',
        configuration: STOOP_WEBCHAT_CONFIGURATION,
      });
    }
  } catch {
    // A webchat that throws on start is as good as none.
    onError(CHATBOT_ERRORS.webchatMissing);
    return false;
  }
  return true;
}

function isWebchat(value: BotpressWebchat | undefined): value is BotpressWebchat & {
  init: NonNullable<BotpressWebchat['init']>;
} {
  return typeof value === 'object' && value !== null && typeof value.init === 'function';
}

/** Appends a `<script>` and settles on its load or error event. */
export function injectScript(url: string, role: 'inject' | 'bot'): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = false;
    script.dataset.chatbot = role;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error(`${role} script failed: ${url}`)), {
      once: true,
    });
    document.body.append(script);
  });
}
