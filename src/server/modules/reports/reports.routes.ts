import { Hono } from 'hono';
import { CreateReportSchema } from '../../../shared/schemas/reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { validate } from '../../lib/validate.ts';
import { createReport } from './reports.service.ts';

/** `/api/reports` (issue 15): renters and landlords report a listing or a conversation. */
export function createReportsRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    requireRole('renter', 'landlord'),
    validate('json', CreateReportSchema),
    async (c) => {
      const { report, created } = await createReport({
        ctx: { db, user: currentUser(c) },
        input: c.req.valid('json'),
      });
      return c.json({ report }, created ? 201 : 200);
    },
  );
}
