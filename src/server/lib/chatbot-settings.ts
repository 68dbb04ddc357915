import type { PublicConfig } from '../../shared/schemas/config.ts';
import type { Env } from '../env.ts';

type ChatbotEnv = Pick<
  Env,
  | 'BOTPRESS_INJECT_URL'
  | 'BOTPRESS_BOT_SCRIPT_URL'
  | 'BOTPRESS_CLIENT_ID'
  | 'BOTPRESS_BOT_ID'
  | 'BOTPRESS_API_URL'
>;

export type ChatbotSettings = NonNullable<PublicConfig['chatbot']>;

/** The settings the webchat cannot load without. */
const REQUIRED = ['BOTPRESS_INJECT_URL', 'BOTPRESS_BOT_SCRIPT_URL', 'BOTPRESS_CLIENT_ID'] as const;

/** What the browser needs to load the webchat, or null when any required setting is missing. */
export function chatbotSettings(env: ChatbotEnv): ChatbotSettings | null {
  const { BOTPRESS_INJECT_URL, BOTPRESS_BOT_SCRIPT_URL, BOTPRESS_CLIENT_ID, BOTPRESS_BOT_ID } = env;
  if (!BOTPRESS_INJECT_URL || !BOTPRESS_BOT_SCRIPT_URL || !BOTPRESS_CLIENT_ID) return null;
  return {
    injectScriptUrl: BOTPRESS_INJECT_URL,
    botScriptUrl: BOTPRESS_BOT_SCRIPT_URL,
    clientId: BOTPRESS_CLIENT_ID,
    ...(BOTPRESS_BOT_ID ? { botId: BOTPRESS_BOT_ID } : {}),
  };
}

/**
 * The required settings still missing when some BOTPRESS_* setting is given (the chatbot then
 * stays off; start-up warns). Empty when the chatbot is on, or when none is set at all.
 */
export function missingChatbotSettings(env: ChatbotEnv): string[] {
  const anySet = [...REQUIRED, 'BOTPRESS_BOT_ID', 'BOTPRESS_API_URL'].some(
    (name) => env[name as keyof ChatbotEnv] !== undefined,
  );
  return anySet ? REQUIRED.filter((name) => env[name] === undefined) : [];
}

/**
 * CSP sources for the webchat (docs/architecture.md §9: its host only when configured): the origins
 * its two scripts come from (scripts, styles, images, frames, fetches) and, for fetches only,
 * its messaging API's. Both empty when the chatbot is off.
 */
export function chatbotOrigins(env: ChatbotEnv): { assets: string[]; api: string[] } {
  const settings = chatbotSettings(env);
  if (!settings) return { assets: [], api: [] };
  const assets = unique([settings.injectScriptUrl, settings.botScriptUrl].map(originOf));
  const api = env.BOTPRESS_API_URL ? [originOf(env.BOTPRESS_API_URL)] : [];
  return { assets, api: api.filter((origin) => !assets.includes(origin)) };
}

function originOf(url: string): string {
  return new URL(url).origin;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
