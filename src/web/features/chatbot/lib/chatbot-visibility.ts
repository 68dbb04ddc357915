import { hasRecoveryMarker } from '../../../../shared/recovery.ts';

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

/**
 * Pages the third-party webchat never runs on (issue 26 item 9): a reset token is in their
 * address, or a new password or an address is typed into them. Its script runs in the page itself
 * (not a sandboxed frame), so it could read both.
 */
export const CHATBOT_FREE_PAGES = [
  '/reset-password',
  '/forgot-password',
  '/password-reset-redirect',
] as const;

export type PageAddress = { pathname: string; search?: string; hash?: string };
export type ChatbotViewer = {
  /** False until the first answer about who is signed in. */
  sessionKnown: boolean;
  role: 'renter' | 'landlord' | 'admin' | null;
};

function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** `/reset-password` however the router would still match it: any case, trailing slashes. */
export function isChatbotFreePage({ pathname, search = '', hash = '' }: PageAddress): boolean {
  const path = decoded(pathname).toLowerCase().replace(/\/+$/, '') || '/';
  if ((CHATBOT_FREE_PAGES as readonly string[]).includes(path)) return true;
  // A recovery link opened on the home page carries its token until it is handed on.
  return path === '/' && hasRecoveryMarker(search, hash);
}

/**
 * docs/spec.md §1 and issue 26: visitors and renters get the webchat, once the session is known;
 * never a landlord (hidden), an admin (whose console shows other people's data) or a chatbot-free
 * page.
 */
export function chatbotWanted(viewer: ChatbotViewer, page: PageAddress): boolean {
  return (
    viewer.sessionKnown &&
    viewer.role !== 'landlord' &&
    viewer.role !== 'admin' &&
    !isChatbotFreePage(page)
  );
}

/**
 * A webchat already running in this document must go, not just hide: hidden, its script would
 * still read the page (an admin's console, a reset token). Only a new document is rid of it. A
 * landlord's is hidden (docs/spec.md §1), as before.
 */
export function chatbotMustLeave(viewer: ChatbotViewer, page: PageAddress): boolean {
  return viewer.role === 'admin' || isChatbotFreePage(page);
}

/** The webchat's scripts were asked for in this document (startChatbot marks `<html>` first). */
export function chatbotInjected(): boolean {
  return (
    document.documentElement.dataset.chatbot !== undefined ||
    document.querySelector('script[data-chatbot]') !== null
  );
}
