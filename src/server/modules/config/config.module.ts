import type { AppDeps } from '../../app-deps.ts';
import { missingChatbotSettings } from '../../lib/chatbot-settings.ts';
import type { AppModule } from '../../lib/module.ts';
import { configApiOperations } from './config.openapi.ts';
import { createConfigRoutes } from './config.routes.ts';

/** `GET /api/config` (issue 15): public settings, answered before the session is loaded. */
export function configModule(deps: AppDeps): AppModule {
  const missing = missingChatbotSettings(deps.env);
  if (missing.length) {
    deps.logger.warn({ missing }, `chatbot off: ${missing.join(', ')} not set`);
  }
  return {
    api: [{ path: '/config', routes: createConfigRoutes({ env: deps.env }), beforeSession: true }],
    openApi: configApiOperations,
  };
}
