import { useEffect, useLayoutEffect } from 'react';
import { createPath, useBlocker, useLocation } from 'react-router';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useIdle } from '../hooks/use-idle.ts';
import {
  type ChatbotViewer,
  chatbotInjected,
  chatbotMustLeave,
  chatbotWanted,
  isChatbotFreePage,
  setChatbotHidden,
} from '../lib/chatbot-visibility.ts';

/** The loader is a chunk of its own, asked for only when the webchat is configured and wanted. */
const loadStarter = () => import('../lib/start-chatbot.ts');

/** How the page is left for a new document; tests pass their own. */
export type DocumentLoads = {
  /** Loads `href` as a new document. */
  load: (href: string) => void;
  /** Loads the current address again as a new document. */
  reload: () => void;
};

const browserLoads: DocumentLoads = {
  load: (href) => window.location.assign(href),
  reload: () => window.location.reload(),
};

/**
 * docs/spec.md §1: visitors and non-landlords get the Botpress webchat, landlords never; issue 26:
 * nor admins, nor the password pages (`chatbotWanted`). While it is not wanted nothing is asked
 * for, and a webchat already on the page (someone just signed in as a landlord) is closed and
 * hidden.
 *
 * Hiding is not enough where it must not run: its script runs in the page and could still read
 * it. So a page that must be free of it (`chatbotMustLeave`) in a document that loaded it is
 * loaded as a new document instead: a link into a password page becomes a full page load before
 * the address (with its token) or the page exists here, and a session that turns admin reloads
 * at once. The new document never loads the webchat.
 *
 * Costs nothing on first paint: the settings are asked for once the browser is idle.
 */
export function ChatbotMount({
  viewer,
  loads = browserLoads,
}: {
  viewer: ChatbotViewer;
  loads?: DocumentLoads;
}) {
  const page = useLocation();
  const enabled = chatbotWanted(viewer, page);
  const mustLeave = chatbotMustLeave(viewer, page);
  const idle = useIdle(enabled);
  const config = usePublicConfig({ enabled: enabled && idle });
  const settings = config.data?.chatbot ?? null;

  // Navigations into a chatbot-free page, while the webchat is in this document: stopped before
  // the address changes, and made again as a full page load.
  const blocker = useBlocker(
    ({ nextLocation }) => isChatbotFreePage(nextLocation) && chatbotInjected(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    loads.load(createPath(blocker.location));
    blocker.reset();
  }, [blocker, loads]);

  // Anything else that lands here with the webchat loaded (a session turned admin, an address
  // the blocker did not see): hidden at once, and a new document before anything else runs.
  useLayoutEffect(() => {
    if (!mustLeave || !chatbotInjected()) return;
    setChatbotHidden(true);
    loads.reload();
  }, [mustLeave, loads]);

  useEffect(() => {
    setChatbotHidden(!enabled);
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !settings) return;
    let current = true;
    void loadStarter().then(({ startChatbot }) => {
      if (current) void startChatbot(settings);
    });
    return () => {
      current = false;
    };
  }, [enabled, settings]);

  return null;
}
