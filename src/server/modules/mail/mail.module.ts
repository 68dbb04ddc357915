import { MailboxResponseSchema } from '../../../shared/schemas/mail.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createDevMailboxRoutes } from './mail.routes.ts';

export function mailModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/dev/mailbox', routes: createDevMailboxRoutes(deps) }],
    openApi: [
      {
        method: 'get',
        path: '/api/dev/mailbox',
        errors: ['NOT_FOUND'],
        summary: 'Mail kept in the outbox (development only, loopback clients only)',
        tags: ['dev'],
        response: MailboxResponseSchema,
      },
    ],
  };
}
