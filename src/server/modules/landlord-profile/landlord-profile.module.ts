import type { AppDeps } from '../../app-deps.ts';
import { requireRole } from '../../auth/session.ts';
import type { AppModule } from '../../lib/module.ts';
import { photoBodyLimit } from '../../lib/photo-upload.ts';
import { landlordProfileApiOperations } from './landlord-profile.openapi.ts';
import { createLandlordProfileRoutes } from './landlord-profile.routes.ts';

/** The landlord profile renters see (issue 14). */
export function landlordProfileModule(deps: AppDeps): AppModule {
  return {
    api: [
      {
        path: '/landlord/profile',
        routes: createLandlordProfileRoutes(deps),
        // Who may upload is checked before the body is read: a signed-out upload is refused unread.
        bodyLimit: {
          limit: photoBodyLimit,
          methods: ['POST'],
          beforeBody: requireRole('landlord'),
        },
      },
    ],
    openApi: landlordProfileApiOperations,
  };
}
