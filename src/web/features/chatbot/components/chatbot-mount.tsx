import { useEffect } from 'react';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useIdle } from '../hooks/use-idle.ts';
import { setChatbotHidden } from '../lib/chatbot-visibility.ts';

/** The loader is a chunk of its own, asked for only when the webchat is configured and wanted. */
const loadStarter = () => import('../lib/start-chatbot.ts');

/**
 * Spec §1: visitors and non-landlords get the Botpress webchat, landlords never. `enabled` is
 * false while the session is unknown and for a landlord: nothing is asked for then, and a
 * webchat already on the page (someone just signed in as a landlord) is closed and hidden.
 * Costs nothing on first paint: the settings are asked for once the browser is idle.
 */
export function ChatbotMount({ enabled }: { enabled: boolean }) {
  const idle = useIdle(enabled);
  const config = usePublicConfig({ enabled: enabled && idle });
  const settings = config.data?.chatbot ?? null;

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
