import { EVENT_TYPES } from '../../../shared/schemas/events.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createEventsRoutes } from './events.routes.ts';

export function eventsModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/events', routes: createEventsRoutes(deps) }],
    openApi: [
      {
        method: 'get',
        path: '/api/events',
        produces: 'text/event-stream',
        summary: `Server-sent events for the signed-in user: ${EVENT_TYPES.join(', ')}. Send Last-Event-ID to resume`,
        tags: ['events'],
        auth: true,
      },
    ],
  };
}
