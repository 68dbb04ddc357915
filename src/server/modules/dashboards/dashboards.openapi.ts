import { LandlordStatsSchema, RenterDashboardSchema } from '../../../shared/schemas/billing.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const dashboards = ['dashboards'];

/** The dashboards in /api/openapi.json (issue 14). */
export const dashboardsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/landlord/stats',
    errors: ['FORBIDDEN'],
    summary:
      "The landlord dashboard (landlords): listings by status, the last 30 New York days of views, saves and inquiries, tours ahead, waitlists, unread messages and the plan's usage",
    tags: dashboards,
    response: LandlordStatsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/renter/dashboard',
    errors: ['FORBIDDEN'],
    summary:
      'The renter dashboard (renters): latest saved listings with price drops and listings no longer available counted, tours ahead, recent conversations with unread counts, similar active listings',
    tags: dashboards,
    response: RenterDashboardSchema,
    auth: true,
  },
];
