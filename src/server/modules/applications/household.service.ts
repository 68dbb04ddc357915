import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  type Application,
  type ApplicationStatus,
  HOUSEHOLD_CHANGE_STATUSES,
} from '../../../shared/schemas/applications.ts';
import type { InvitationView, InviteInput, JoinInput } from '../../../shared/schemas/households.ts';
import type { Db } from '../../db/client.ts';
import { applicationMembers, applications } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type EventsTransaction,
  publishEvents,
  transactionWithEvents,
} from '../events/events.service.ts';
import {
  type ApplicationsCtx,
  applicationChanged,
  applicationNotFound,
  type OwnApplication,
  ownApplication,
  recordTimeline,
  viewerOf,
} from './application-access.ts';
import { mailPerson } from './application-mail.ts';
import {
  attachDocuments,
  completeProfile,
  nextDocumentPosition,
  ownDocuments,
} from './application-requirements.ts';
import { hashToken, inviteMembers, ROLE_WORDS } from './household-invitations.ts';

/*
 * Who is on an application (issue 29): the primary applicant invites, re-invites and removes
 * co-applicants and a guarantor until an offer is made; an invitee joins from their link with
 * their own profile and documents; a member may leave. While anyone invited has not joined the
 * application is `awaiting_household`, and the landlord sees it only once everyone has.
 */

const invitationNotFound = () => new AppError('NOT_FOUND', { message: 'Invitation not found' });
const memberNotFound = () => new AppError('NOT_FOUND', { message: 'Member not found' });

function expectHouseholdChange(application: OwnApplication) {
  if (!(HOUSEHOLD_CHANGE_STATUSES as readonly ApplicationStatus[]).includes(application.status)) {
    throw new AppError('APPLICATION_STATE');
  }
}

/**
 * After a change of members: `awaiting_household` while anyone invited has not joined, and
 * back with the landlord (`submitted`) once everyone has. Returns whether it went to the
 * landlord now.
 */
async function settleHousehold(tx: EventsTransaction, id: string): Promise<boolean> {
  const [row] = await tx
    .select({
      status: applications.status,
      pending: sql<number>`(select count(*)::int from application_members m
        where m.application_id = applications.id and m.joined_at is null)`,
    })
    .from(applications)
    .where(eq(applications.id, id));
  if (!row) throw applicationNotFound();
  const now = new Date();
  if (row.status === 'awaiting_household' && row.pending === 0) {
    await tx
      .update(applications)
      .set({
        status: 'submitted',
        updatedAt: now,
        // The landlord's queue starts when they first see it.
        submittedAt: sql`case when ${applications.shownToLandlord} then ${applications.submittedAt} else now() end`,
        shownToLandlord: true,
      })
      .where(eq(applications.id, id));
    await recordTimeline(tx, id, 'submitted', 'renter');
    return true;
  }
  if ((row.status === 'submitted' || row.status === 'info_requested') && row.pending > 0) {
    await tx
      .update(applications)
      .set({ status: 'awaiting_household', updatedAt: now })
      .where(eq(applications.id, id));
  }
  return false;
}

async function listingTitle(tx: Pick<Db, 'select'>, listingId: string): Promise<string> {
  const [row] = await tx
    .select({ title: listings.title })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.title ?? 'the apartment';
}

/** The primary applicant's name as sent, for the invitations' words. */
async function applicantName(tx: Pick<Db, 'select'>, id: string): Promise<string> {
  const [row] = await tx
    .select({
      legalName: sql<string | null>`${applications.profile}->>'legalName'`,
      name: users.name,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.renterId))
    .where(eq(applications.id, id));
  return row?.legalName ?? row?.name ?? 'Someone';
}

/** `POST /api/applications/{id}/invite` (the primary applicant): invite, or send a fresh link. */
export const inviteMember = ({
  ctx,
  input,
}: {
  ctx: ApplicationsCtx;
  input: { id: string } & InviteInput;
}) =>
  transactionWithEvents(ctx, async (tx): Promise<Application> => {
    const application = await ownApplication(tx, ctx.user, input.id, { lockFor: 'renter' });
    expectHouseholdChange(application);
    await inviteMembers(tx, ctx, {
      applicationId: input.id,
      listingTitle: await listingTitle(tx, application.listingId),
      inviter: await applicantName(tx, input.id),
      invites: [{ email: input.email, role: input.role }],
    });
    await settleHousehold(tx, input.id);
    await tx
      .update(applications)
      .set({ updatedAt: new Date() })
      .where(eq(applications.id, input.id));
    return applicationChanged(tx, input.id, viewerOf(ctx.user));
  });

/**
 * `POST /api/applications/{id}/members/{memberId}/remove` (the primary applicant): the member
 * and the documents they sent leave the application; a removed member who had joined is told.
 */
export const removeMember = ({
  ctx,
  input,
}: {
  ctx: ApplicationsCtx;
  input: { id: string; memberId: string };
}) =>
  transactionWithEvents(ctx, async (tx): Promise<Application> => {
    const application = await ownApplication(tx, ctx.user, input.id, { lockFor: 'renter' });
    expectHouseholdChange(application);
    const [removed] = await tx
      .delete(applicationMembers)
      .where(
        and(
          eq(applicationMembers.id, input.memberId),
          eq(applicationMembers.applicationId, input.id),
        ),
      )
      .returning();
    if (!removed) throw memberNotFound();
    const who = removed.profile?.legalName ?? ROLE_WORDS[removed.role as InviteInput['role']];
    await recordTimeline(tx, input.id, 'member_removed', 'renter', who);
    const sent = await settleHousehold(tx, input.id);
    if (removed.userId) {
      await publishEvents(tx, [
        { userId: removed.userId, type: 'application.removed', data: { id: input.id } },
      ]);
      await mailPerson(
        tx,
        ctx.mail,
        { userId: removed.userId },
        {
          subject: `You were removed from an application: ${await listingTitle(tx, application.listingId)}`,
          line: `${await applicantName(tx, input.id)} removed you from the application for ${await listingTitle(tx, application.listingId)}. Your profile and documents stay yours.`,
          path: '/applications',
        },
      );
    }
    return applicationChanged(tx, input.id, viewerOf(ctx.user), {
      deps: ctx.mail,
      kind: sent ? 'submitted' : 'member_removed',
      actorId: ctx.user.id,
    });
  });

/** `POST /api/applications/{id}/leave` (a co-applicant or guarantor who joined). */
export const leaveApplication = ({ ctx, input }: { ctx: ApplicationsCtx; input: { id: string } }) =>
  transactionWithEvents(ctx, async (tx): Promise<void> => {
    const application = await ownApplication(tx, ctx.user, input.id, { lockFor: 'member' });
    expectHouseholdChange(application);
    const [left] = await tx
      .delete(applicationMembers)
      .where(
        and(
          eq(applicationMembers.applicationId, input.id),
          eq(applicationMembers.userId, ctx.user.id),
        ),
      )
      .returning();
    // The leaver's other tabs drop it too.
    await publishEvents(tx, [
      { userId: ctx.user.id, type: 'application.removed', data: { id: input.id } },
    ]);
    await recordTimeline(
      tx,
      input.id,
      'member_left',
      'member',
      left?.profile?.legalName ?? ctx.user.name,
    );
    await tx
      .update(applications)
      .set({ updatedAt: new Date() })
      .where(eq(applications.id, input.id));
    await applicationChanged(tx, input.id, viewerOf(ctx.user), {
      deps: ctx.mail,
      kind: 'member_left',
      actorId: ctx.user.id,
    });
  });

/** The pending invitation behind `token` on application `id` (any other: 404). */
async function pendingInvitation(tx: Pick<Db, 'select'>, token: string, id?: string) {
  const [member] = await tx
    .select()
    .from(applicationMembers)
    .where(
      and(
        eq(applicationMembers.tokenHash, hashToken(token)),
        isNull(applicationMembers.joinedAt),
        gt(applicationMembers.tokenExpiresAt, sql`now()`),
        id ? eq(applicationMembers.applicationId, id) : undefined,
      ),
    );
  if (!member) throw invitationNotFound();
  return member;
}

/**
 * `POST /api/applications/{id}/join` (a renter with the link): their profile and chosen
 * documents join the application, and the link is spent.
 */
export const joinApplication = ({
  ctx,
  input,
}: {
  ctx: ApplicationsCtx;
  input: { id: string } & JoinInput;
}) =>
  transactionWithEvents(ctx, async (tx): Promise<Application> => {
    // The application's row first: two people joining with one link, or a removal at the same
    // time, queue here, and the second sees the link spent.
    const [application] = await tx
      .select({
        status: applications.status,
        renterId: applications.renterId,
        criteria: applications.criteria,
      })
      .from(applications)
      .where(eq(applications.id, input.id))
      .for('update');
    if (!application) throw invitationNotFound();
    const member = await pendingInvitation(tx, input.token, input.id);
    if (application.renterId === ctx.user.id) {
      throw new AppError('CONFLICT', { message: 'This is your own application.' });
    }
    const [already] = await tx
      .select({ n: count() })
      .from(applicationMembers)
      .where(
        and(
          eq(applicationMembers.applicationId, input.id),
          eq(applicationMembers.userId, ctx.user.id),
        ),
      );
    if ((already?.n ?? 0) > 0) {
      throw new AppError('CONFLICT', { message: 'You are already on this application.' });
    }
    if (!(HOUSEHOLD_CHANGE_STATUSES as readonly string[]).includes(application.status)) {
      throw new AppError('APPLICATION_STATE');
    }
    const documents = await ownDocuments(tx, ctx.user.id, input.documentIds);
    const profile = await completeProfile(tx, ctx.user.id, documents, application.criteria);
    await tx
      .update(applicationMembers)
      .set({ userId: ctx.user.id, profile, joinedAt: new Date(), tokenHash: null })
      .where(eq(applicationMembers.id, member.id));
    await attachDocuments(
      tx,
      {
        applicationId: input.id,
        documents,
        order: input.documentIds,
        from: await nextDocumentPosition(tx, input.id),
      },
      member.id,
    );
    await recordTimeline(
      tx,
      input.id,
      'member_joined',
      'member',
      profile.legalName ?? ctx.user.name,
    );
    const sent = await settleHousehold(tx, input.id);
    await tx
      .update(applications)
      .set({ updatedAt: new Date() })
      .where(eq(applications.id, input.id));
    return applicationChanged(tx, input.id, viewerOf(ctx.user), {
      deps: ctx.mail,
      kind: sent ? 'submitted' : 'member_joined',
      actorId: ctx.user.id,
    });
  });

/** `GET /api/application-invitations/{token}`: what the link's holder is asked to join. */
export async function readInvitation({
  ctx: { db },
  input: { token },
}: {
  ctx: { db: Db };
  input: { token: string };
}): Promise<InvitationView> {
  const member = await pendingInvitation(db, token);
  const [row] = await db
    .select({
      listingId: listings.id,
      title: listings.title,
      neighborhood: listings.neighborhood,
      status: applications.status,
    })
    .from(applications)
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .where(eq(applications.id, member.applicationId));
  if (!row || !(HOUSEHOLD_CHANGE_STATUSES as readonly string[]).includes(row.status)) {
    throw invitationNotFound();
  }
  return {
    applicationId: member.applicationId,
    memberId: member.id,
    role: member.role as InviteInput['role'],
    email: member.email,
    invitedBy: await applicantName(db, member.applicationId),
    listing: { id: row.listingId, title: row.title, neighborhood: row.neighborhood },
    expiresAt: member.tokenExpiresAt.toISOString(),
  };
}
