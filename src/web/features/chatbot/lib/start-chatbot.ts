import { type ChatbotError, type ChatbotSettings, loadBotpress } from './botpress-loader.ts';
import { CHATBOT_CONTAINER_ID } from './chatbot-visibility.ts';

/** Dispatched on `window` for each failure; `detail.message` is the spec's message. */
export const CHATBOT_ERROR_EVENT = 'stoop:chatbot-error';

export type ChatbotStatus = 'loading' | 'ready' | 'error';

/**
 * Where operators and tests see the loader's state: `<html data-chatbot="loading|ready|error">`,
 * the failure's message in `data-chatbot-error`, a `stoop:chatbot-error` event, and a warning
 * in the browser's log (a third party's outage is not an error of the page).
 */
export function reportChatbotError(message: ChatbotError): void {
  setStatus('error');
  document.documentElement.dataset.chatbotError = message;
  window.dispatchEvent(new CustomEvent(CHATBOT_ERROR_EVENT, { detail: { message } }));
  console.warn(`Chatbot: ${message}`);
}

function setStatus(status: ChatbotStatus): void {
  document.documentElement.dataset.chatbot = status;
}

let started: Promise<boolean> | undefined;

/** Loads the webchat once per page, however often it is asked (StrictMode, sign-in changes). */
export function startChatbot(settings: ChatbotSettings): Promise<boolean> {
  started ??= (async () => {
    setStatus('loading');
    if (!document.getElementById(CHATBOT_CONTAINER_ID)) {
      const container = document.createElement('div');
      container.id = CHATBOT_CONTAINER_ID;
      document.body.append(container);
    }
    const ok = await loadBotpress(settings, { onError: reportChatbotError });
    if (ok) setStatus('ready');
    return ok;
  })();
  return started;
}
