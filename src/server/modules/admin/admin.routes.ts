import { type Context, Hono, type MiddlewareHandler } from 'hono';
import {
  AdminActionReasonSchema,
  AdminAuditQuerySchema,
  AdminFeatureSchema,
  AdminIdParamSchema,
  AdminListQuerySchema,
  AdminReportsQuerySchema,
} from '../../../shared/schemas/admin.ts';
import { ResolveReportSchema } from '../../../shared/schemas/reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import {
  type AdminCtx,
  adminListings,
  adminOverview,
  adminReport,
  adminReports,
  adminUsers,
  featureAdminListing,
  listAudit,
  NOT_FOUND_MESSAGES,
  resolveAdminReport,
  restoreAdminListing,
  restoreUser,
  suspendUser,
  unpublishAdminListing,
} from './admin.service.ts';

/**
 * The `{id}` of an admin path: not a UUID is the same 404 as an unknown id, with the same
 * message ('User not found.'), then validated into `c.req.valid('param')`.
 */
function idParam(notFound: string) {
  const found: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!AdminIdParamSchema.safeParse(c.req.param()).success) {
      throw new AppError('NOT_FOUND', { message: notFound });
    }
    await next();
  };
  return [found, validate('param', AdminIdParamSchema)] as const;
}

const userId = idParam(NOT_FOUND_MESSAGES.user);
const listingId = idParam(NOT_FOUND_MESSAGES.listing);
const reportId = idParam(NOT_FOUND_MESSAGES.report);

/** `{ reason? }` or `{ featured? }`: the body may be left out. */
const reasonBody = validate('json', AdminActionReasonSchema, {}, { optionalBody: true });
const featureBody = validate('json', AdminFeatureSchema, {}, { optionalBody: true });

/** `/api/admin` (issue 15): admins only; everyone else 403, signed out 401. */
export function createAdminRoutes({ database: { db }, events }: AppDeps) {
  const ctxOf = (c: Context<AppEnv>): AdminCtx => ({ db, events, user: currentUser(c) });
  return new Hono<AppEnv>()
    .use(requireRole('admin'))
    .get('/overview', async (c) => c.json(await adminOverview({ ctx: ctxOf(c) })))
    .get('/users', validate('query', AdminListQuerySchema), async (c) =>
      c.json(await adminUsers({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .post('/users/:id/suspend', ...userId, reasonBody, async (c) => {
      const input = { userId: c.req.valid('param').id, reason: c.req.valid('json').reason };
      return c.json(await suspendUser({ ctx: ctxOf(c), input }));
    })
    .post('/users/:id/restore', ...userId, async (c) =>
      c.json(await restoreUser({ ctx: ctxOf(c), input: { userId: c.req.valid('param').id } })),
    )
    .get('/listings', validate('query', AdminListQuerySchema), async (c) =>
      c.json(await adminListings({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .post('/listings/:id/unpublish', ...listingId, reasonBody, async (c) => {
      const input = { listingId: c.req.valid('param').id, reason: c.req.valid('json').reason };
      return c.json(await unpublishAdminListing({ ctx: ctxOf(c), input }));
    })
    .post('/listings/:id/restore', ...listingId, async (c) => {
      const input = { listingId: c.req.valid('param').id };
      return c.json(await restoreAdminListing({ ctx: ctxOf(c), input }));
    })
    .post('/listings/:id/feature', ...listingId, featureBody, async (c) => {
      const input = { listingId: c.req.valid('param').id, featured: c.req.valid('json').featured };
      return c.json(await featureAdminListing({ ctx: ctxOf(c), input }));
    })
    .get('/reports', validate('query', AdminReportsQuerySchema), async (c) =>
      c.json(await adminReports({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .get('/reports/:id', ...reportId, async (c) =>
      c.json(await adminReport({ ctx: ctxOf(c), input: { reportId: c.req.valid('param').id } })),
    )
    .post('/reports/:id/resolve', ...reportId, validate('json', ResolveReportSchema), async (c) => {
      const input = { ...c.req.valid('json'), reportId: c.req.valid('param').id };
      return c.json(await resolveAdminReport({ ctx: ctxOf(c), input }));
    })
    .get('/audit', validate('query', AdminAuditQuerySchema), async (c) =>
      c.json(await listAudit({ ctx: ctxOf(c), input: c.req.valid('query') })),
    );
}
