import { CreatedReportSchema, CreateReportSchema } from '../../../shared/schemas/reports.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

/** Reports in /api/openapi.json (issue 15); the admin's side is in admin.openapi.ts. */
export const reportsApiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/reports',
    success: [201, 200],
    errors: ['CONFLICT', 'CONVERSATION_NOT_FOUND', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
    summary:
      'Report a listing you can see or one of your conversations (renters and landlords): 201; a repeat while your report is open answers that report (200). At most 10 new reports an hour an account: 429 RATE_LIMITED with Retry-After',
    tags: ['reports'],
    body: CreateReportSchema,
    response: CreatedReportSchema,
    auth: true,
  },
];
