import type { AppDeps } from '../../app-deps.ts';
import { requireRole } from '../../auth/session.ts';
import type { AppModule } from '../../lib/module.ts';
import { applicationsApiOperations } from './applications.openapi.ts';
import {
  createApplicationsRoutes,
  createInvitationRoutes,
  createListingApplicationsRoutes,
} from './applications.routes.ts';
import { renterDocumentsApiOperations } from './renter-documents.openapi.ts';
import { createRenterDocumentsRoutes } from './renter-documents.routes.ts';
import { documentBodyLimit } from './renter-documents.upload.ts';
import {
  createApplicationSettingsRoutes,
  createRenterProfileRoutes,
} from './renter-profile.routes.ts';

/**
 * Rental applications (issues 28, 29): the renter's profile and documents, a listing's
 * criteria, households and signed offers.
 */
export function applicationsModule(deps: AppDeps): AppModule {
  return {
    api: [
      // Must precede `/renter-profile`: the first body limit to match a request decides.
      {
        path: '/renter-profile/documents',
        routes: createRenterDocumentsRoutes(deps),
        // Who may upload is checked before the body is read: anyone else is refused unread.
        bodyLimit: {
          limit: documentBodyLimit,
          methods: ['POST'],
          beforeBody: requireRole('renter'),
        },
      },
      { path: '/renter-profile', routes: createRenterProfileRoutes(deps) },
      {
        path: '/listings/:id/application-settings',
        routes: createApplicationSettingsRoutes(deps),
      },
      { path: '/listings/:id/applications', routes: createListingApplicationsRoutes(deps) },
      { path: '/applications', routes: createApplicationsRoutes(deps) },
      { path: '/application-invitations', routes: createInvitationRoutes(deps) },
    ],
    openApi: [...renterDocumentsApiOperations, ...applicationsApiOperations],
  };
}
