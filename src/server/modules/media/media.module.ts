import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createMediaRoutes } from './media.routes.ts';

export function mediaModule(deps: AppDeps): AppModule {
  return { site: [{ path: '/media', routes: createMediaRoutes(deps) }] };
}
