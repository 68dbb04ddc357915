/**
 * In the entry chunk (a few lines): hiding must work before, during and after the lazy
 * loader, e.g. when someone signs in as a landlord while the webchat is still loading.
 */

/** The element the webchat renders into when Stoop initialises it. */
export const CHATBOT_CONTAINER_ID = 'stoop-chatbot';

/**
 * On `<html>` while the webchat must not show (a landlord is signed in). styles.css hides the
 * container and the webchat's own elements under it, whoever created them.
 */
export const CHATBOT_HIDDEN_ATTRIBUTE = 'data-chatbot-hidden';

type Closable = { botpress?: { close?: () => void } };

export function setChatbotHidden(hidden: boolean): void {
  document.documentElement.toggleAttribute(CHATBOT_HIDDEN_ATTRIBUTE, hidden);
  if (!hidden) return;
  try {
    // An open conversation closes too, so it does not reappear open later.
    (window as Closable).botpress?.close?.();
  } catch {
    // Not initialised yet: there is nothing open to close.
  }
}
