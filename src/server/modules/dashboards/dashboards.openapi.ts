import { LandlordStatsSchema } from '../../../shared/schemas/billing.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const dashboards = ['dashboards'];

/** The dashboards in /api/openapi.json (issue 14). */
export const dashboardsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/landlord/stats',
    summary:
      "The landlord dashboard (landlords): listings by status, the last 30 New York days of views, saves and inquiries, tours ahead, waitlists, unread messages and the plan's usage",
    tags: dashboards,
    response: LandlordStatsSchema,
    auth: true,
  },
];
