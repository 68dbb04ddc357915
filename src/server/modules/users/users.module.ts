import { MeResponseSchema, SessionResponseSchema } from '../../../shared/schemas/auth.ts';
import { DeleteAccountSchema, UpdateMeSchema } from '../../../shared/schemas/users.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createSessionRoutes, createUsersRoutes } from './users.routes.ts';

export function usersModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/me', routes: createUsersRoutes(deps) },
      { path: '/session', routes: createSessionRoutes(deps) },
    ],
    openApi: [
      {
        method: 'get',
        path: '/api/me',
        summary: 'The signed-in user',
        tags: ['users'],
        response: MeResponseSchema,
        auth: true,
      },
      {
        method: 'patch',
        path: '/api/me',
        summary: 'Update the signed-in user',
        tags: ['users'],
        body: UpdateMeSchema,
        response: MeResponseSchema,
        auth: true,
      },
      {
        method: 'delete',
        path: '/api/me',
        success: [204],
        errors: ['CONFLICT', 'INVALID_CREDENTIALS'],
        summary:
          'Delete the signed-in account (password required): 204, sessions ended, messages kept as "Deleted user"',
        tags: ['users'],
        body: DeleteAccountSchema,
        auth: true,
      },
      {
        method: 'get',
        path: '/api/session',
        summary:
          'Who is signed in: the user, or null for a visitor (never 401); signed in, the newest live event id to open /api/events from',
        tags: ['users'],
        response: SessionResponseSchema,
      },
    ],
  };
}
