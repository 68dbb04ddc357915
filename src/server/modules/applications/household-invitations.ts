import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ABUSE_LIMIT_WINDOW_MS } from '../../../shared/constants.ts';
import {
  ALREADY_INVITED_MESSAGE,
  HOUSEHOLD_LIMITS,
  INVITATIONS_LIMIT_MESSAGE,
  type InviteInput,
  SELF_INVITE_MESSAGE,
} from '../../../shared/schemas/households.ts';
import { applicationMembers } from '../../db/schema/applications.ts';
import { AppError } from '../../lib/app-error.ts';
import { type RateLimit, takeRateLimit } from '../../lib/rate-limit.ts';
import type { EventsTransaction } from '../events/events.service.ts';
import { type ApplicationsCtx, recordTimeline } from './application-access.ts';
import { mailPerson } from './application-mail.ts';

/*
 * Inviting co-applicants and a guarantor (issue 29). A link carries 32 random bytes; only their
 * SHA-256 is stored, so a database read gives nobody a working link. Each invitation counts
 * toward the account's hourly abuse limit.
 */

export const INVITATIONS_LIMIT: RateLimit = {
  action: 'household-invitations',
  max: HOUSEHOLD_LIMITS.invitationsPerHour,
  windowMs: ABUSE_LIMIT_WINDOW_MS,
  message: INVITATIONS_LIMIT_MESSAGE,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const ROLE_WORDS = { co_applicant: 'a co-applicant', guarantor: 'a guarantor' } as const;

const invalid = (message: string, path: string) =>
  new AppError('VALIDATION_ERROR', { message, details: [{ path, message }] });

/**
 * Invites each of `invites` to the application (the primary applicant's act): a fresh link to
 * anyone already invited who has not joined, a new member otherwise. Refused whole when one
 * invitation is not allowed.
 */
export async function inviteMembers(
  tx: EventsTransaction,
  ctx: ApplicationsCtx,
  input: { applicationId: string; listingTitle: string; inviter: string; invites: InviteInput[] },
): Promise<void> {
  const { user } = ctx;
  const emails = input.invites.map((i) => i.email);
  if (emails.includes(user.email.toLowerCase())) throw invalid(SELF_INVITE_MESSAGE, 'email');
  if (new Set(emails).size !== emails.length) throw invalid(ALREADY_INVITED_MESSAGE, 'email');
  const members = await tx
    .select({
      id: applicationMembers.id,
      email: applicationMembers.email,
      role: applicationMembers.role,
      joinedAt: applicationMembers.joinedAt,
    })
    .from(applicationMembers)
    .where(eq(applicationMembers.applicationId, input.applicationId));
  const byEmail = new Map(members.map((m) => [m.email, m]));
  for (const invite of input.invites) {
    if (byEmail.get(invite.email)?.joinedAt) {
      throw new AppError('CONFLICT', { message: `${invite.email} has already joined.` });
    }
  }
  // The household after these invitations: who stays, with their (new) roles.
  const roles = new Map(members.map((m) => [m.email, m.role]));
  for (const invite of input.invites) roles.set(invite.email, invite.role);
  const count = (role: string) => [...roles.values()].filter((r) => r === role).length;
  if (count('co_applicant') > HOUSEHOLD_LIMITS.coApplicants) {
    throw new AppError('CONFLICT', {
      message: `An application can have at most ${HOUSEHOLD_LIMITS.coApplicants} co-applicants.`,
    });
  }
  if (count('guarantor') > HOUSEHOLD_LIMITS.guarantors) {
    throw new AppError('CONFLICT', { message: 'An application can have one guarantor.' });
  }
  const expiresAt = new Date(Date.now() + HOUSEHOLD_LIMITS.invitationDays * 86_400_000);
  for (const invite of input.invites) {
    await takeRateLimit(tx, INVITATIONS_LIMIT, user.id);
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const existing = byEmail.get(invite.email);
    if (existing) {
      // The old link stops working: only the newest one mailed joins.
      await tx
        .update(applicationMembers)
        .set({ role: invite.role, tokenHash, tokenExpiresAt: expiresAt, invitedAt: sql`now()` })
        .where(
          and(
            eq(applicationMembers.id, existing.id),
            eq(applicationMembers.applicationId, input.applicationId),
          ),
        );
    } else {
      await tx.insert(applicationMembers).values({
        applicationId: input.applicationId,
        role: invite.role,
        email: invite.email,
        tokenHash,
        tokenExpiresAt: expiresAt,
      });
    }
    await recordTimeline(
      tx,
      input.applicationId,
      'member_invited',
      'renter',
      ROLE_WORDS[invite.role],
    );
    const asWhat =
      invite.role === 'guarantor'
        ? 'be the guarantor on their application'
        : 'apply together with them';
    await mailPerson(
      tx,
      ctx.mail,
      { email: invite.email, name: 'there' },
      {
        subject: `${input.inviter} invited you to apply: ${input.listingTitle}`,
        line: `${input.inviter} invited you to ${asWhat} for ${input.listingTitle} on Stoop. Applying on Stoop is free. The link works for ${HOUSEHOLD_LIMITS.invitationDays} days, once.`,
        path: `/applications/join/${token}`,
        action: 'Join the application',
      },
    );
  }
}
