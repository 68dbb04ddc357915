import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { chatbotOrigins, chatbotSettings, missingChatbotSettings } from './chatbot-settings.ts';

const BOT = {
  BOTPRESS_INJECT_URL: 'https://cdn.botpress.cloud/webchat/v3.3/inject.js',
  BOTPRESS_BOT_SCRIPT_URL: 'https://files.bpcontent.cloud/2026/11/24/12/bot.js',
  BOTPRESS_CLIENT_ID: 'client-1',
};

describe('chatbot settings', () => {
  it('are off with nothing set, and nothing is reported missing', () => {
    const env = parseEnv({});
    expect(chatbotSettings(env)).toBeNull();
    expect(chatbotOrigins(env)).toEqual({ assets: [], api: [] });
    expect(missingChatbotSettings(env)).toEqual([]);
  });

  it('are on with both script URLs and the client id', () => {
    const env = parseEnv({ ...BOT, BOTPRESS_BOT_ID: 'bot-1' });
    expect(chatbotSettings(env)).toEqual({
      injectScriptUrl: BOT.BOTPRESS_INJECT_URL,
      botScriptUrl: BOT.BOTPRESS_BOT_SCRIPT_URL,
      clientId: 'client-1',
      botId: 'bot-1',
    });
    expect(missingChatbotSettings(env)).toEqual([]);
  });

  it('name what is missing when only some are set', () => {
    const env = parseEnv({ BOTPRESS_CLIENT_ID: 'client-1', BOTPRESS_BOT_ID: 'bot-1' });
    expect(chatbotSettings(env)).toBeNull();
    expect(missingChatbotSettings(env)).toEqual(['BOTPRESS_INJECT_URL', 'BOTPRESS_BOT_SCRIPT_URL']);
    expect(chatbotOrigins(env)).toEqual({ assets: [], api: [] });
  });

  it('give the CSP the origins only, the API origin apart', () => {
    const env = parseEnv({ ...BOT, BOTPRESS_API_URL: 'https://webchat.botpress.cloud/x' });
    expect(chatbotOrigins(env)).toEqual({
      assets: ['https://cdn.botpress.cloud', 'https://files.bpcontent.cloud'],
      api: ['https://webchat.botpress.cloud'],
    });
  });

  it('refuse a URL that is not http or https, naming the variable', () => {
    expect(() => parseEnv({ ...BOT, BOTPRESS_INJECT_URL: 'javascript:alert(1)' })).toThrow(
      /BOTPRESS_INJECT_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => parseEnv({ ...BOT, BOTPRESS_BOT_SCRIPT_URL: 'files/bot.js' })).toThrow(
      /BOTPRESS_BOT_SCRIPT_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => parseEnv({ ...BOT, BOTPRESS_API_URL: 'wss://webchat.botpress.cloud' })).toThrow(
      /BOTPRESS_API_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});
