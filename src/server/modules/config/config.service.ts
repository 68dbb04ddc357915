import type { PublicConfig } from '../../../shared/schemas/config.ts';
import type { Env } from '../../env.ts';
import { chatbotSettings } from '../../lib/chatbot-settings.ts';

export type ConfigCtx = { env: Env };

/** `GET /api/config`: what the browser needs from the settings, never a secret. */
export function publicConfig({ ctx }: { ctx: ConfigCtx }): PublicConfig {
  return {
    siteUrl: new URL(ctx.env.BASE_URL).origin,
    chatbot: chatbotSettings(ctx.env),
    map: ctx.env.MAP_STYLE_URL ? { styleUrl: ctx.env.MAP_STYLE_URL } : null,
  };
}
