import { and, eq, sql } from 'drizzle-orm';
import type { Application, ApplicationStatus } from '../../../shared/schemas/applications.ts';
import { applicationEvents, applications } from '../../db/schema/applications.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { type EventsCtx, type EventsTransaction, publishEvents } from '../events/events.service.ts';
import { type ApplicationMailDeps, type MailKind, mailChange } from './application-mail.ts';
import {
  type ApplicationRow,
  type Executor,
  selectApplications,
  toApplications,
  type Viewer,
} from './application-view.ts';

/*
 * Who may see and change an application (issues 28, 29), and how a change reaches everyone on
 * it: its primary applicant, each co-applicant and guarantor who joined, and the landlord once
 * the household has first completed it. Each gets the view that is theirs.
 */

export type ApplicationsCtx = UserCtx<Pick<EventsCtx, 'events'> & { mail: ApplicationMailDeps }>;

export const applicationNotFound = () =>
  new AppError('NOT_FOUND', { message: 'Application not found' });

/** The view `user` gets: a landlord's, or a renter's (primary or member). */
export const viewerOf = (user: { id: string; userType: string }): Viewer =>
  user.userType === 'landlord' ? { side: 'landlord' } : { side: 'renter', userId: user.id };

/** `renter` is the primary applicant; `member` a co-applicant or guarantor who joined. */
export type Side = 'renter' | 'member' | 'landlord';

/**
 * The application if `user` is on it; else not found (a landlord before the household first
 * completed it, an invitee before joining). With `lockFor`, its row is locked for a change only
 * that side may make (anyone else on it: 403).
 */
export async function ownApplication(
  db: Executor,
  user: { id: string },
  id: string,
  options: { lockFor?: Side } = {},
) {
  const query = db
    .select({
      id: applications.id,
      status: applications.status,
      listingId: applications.listingId,
      renterId: applications.renterId,
      landlordId: applications.landlordId,
      shownToLandlord: applications.shownToLandlord,
      memberId: sql<string | null>`(select m.id from application_members m
        where m.application_id = applications.id and m.user_id = ${user.id})`,
    })
    .from(applications)
    .where(
      and(
        eq(applications.id, id),
        sql`(${applications.renterId} = ${user.id}
          or (${applications.landlordId} = ${user.id} and ${applications.shownToLandlord})
          or exists (select 1 from application_members m
            where m.application_id = applications.id and m.user_id = ${user.id}))`,
      ),
    );
  const [row] = options.lockFor ? await query.for('update', { of: applications }) : await query;
  if (!row) throw applicationNotFound();
  const side: Side =
    row.renterId === user.id ? 'renter' : row.landlordId === user.id ? 'landlord' : 'member';
  if (options.lockFor && options.lockFor !== side) throw new AppError('FORBIDDEN');
  return { ...row, status: row.status as ApplicationStatus, side };
}
export type OwnApplication = Awaited<ReturnType<typeof ownApplication>>;

export async function recordTimeline(
  tx: Executor & Pick<EventsTransaction, 'insert'>,
  applicationId: string,
  kind: Application['timeline'][number]['kind'],
  by: 'renter' | 'member' | 'landlord' | 'stoop',
  detail: string | null = null,
  subjectUserId: string | null = null,
) {
  await tx.insert(applicationEvents).values({ applicationId, kind, by, detail, subjectUserId });
}

async function readRow(tx: Executor, id: string): Promise<ApplicationRow> {
  const [row] = await selectApplications(tx).where(eq(applications.id, id));
  if (!row) throw new Error(`application ${id} vanished inside its own transaction`);
  return row as ApplicationRow;
}

/** Everyone who sees the application now, each with their view. */
function audience(row: ApplicationRow) {
  const renters = [row.renterId, ...row.members.flatMap((m) => (m.joinedAt && m.userId) || [])];
  return [
    ...renters.map((userId) => ({
      userId,
      application: toApplications([row], { side: 'renter', userId })[0] as Application,
    })),
    ...(row.shownToLandlord
      ? [
          {
            userId: row.landlordId,
            application: toApplications([row], { side: 'landlord' })[0] as Application,
          },
        ]
      : []),
  ];
}

/**
 * The changed application, live to everyone on it; returns the view of `actor` (the one who
 * made the change). With `mail`, the change is also mailed to those it concerns.
 */
export async function applicationChanged(
  tx: EventsTransaction,
  id: string,
  actor: Viewer,
  mail?: { deps: ApplicationMailDeps; kind: MailKind; actorId: string },
): Promise<Application> {
  const row = await readRow(tx, id);
  const views = audience(row);
  await publishEvents(
    tx,
    views.map(({ userId, application }) => ({
      userId,
      type: 'application.changed',
      data: { application },
    })),
  );
  if (mail) {
    await mailChange(tx, mail.deps, {
      kind: mail.kind,
      actorId: mail.actorId,
      recipients: views.map(({ userId, application }) => ({
        userId,
        application,
        landlord: userId === row.landlordId && application.viewer === 'landlord',
      })),
    });
  }
  const mine = toApplications([row], actor)[0];
  if (!mine) throw applicationNotFound();
  return mine;
}

/** The change published to everyone on it and mailed to those it concerns. */
export function changedAndMailed(
  tx: EventsTransaction,
  ctx: Pick<ApplicationsCtx, 'mail' | 'user'>,
  input: { id: string; kind: MailKind },
): Promise<Application> {
  return applicationChanged(tx, input.id, viewerOf(ctx.user), {
    deps: ctx.mail,
    kind: input.kind,
    actorId: ctx.user.id,
  });
}
