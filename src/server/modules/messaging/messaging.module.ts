import { pageQueryKeys } from '../../../shared/ssr.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { unreadCounts } from './messages.service.ts';
import { messagingApiOperations } from './messaging.openapi.ts';
import { createConversationsRoutes, createMessagesRoutes } from './messaging.routes.ts';

export function messagingModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/conversations', routes: createConversationsRoutes(deps) },
      { path: '/messages', routes: createMessagesRoutes(deps) },
    ],
    openApi: messagingApiOperations,
    viewerQueries: async (user) => [
      {
        queryKey: pageQueryKeys.unreadCounts(user.id),
        data: await unreadCounts(deps.database.db, user.id),
      },
    ],
  };
}
