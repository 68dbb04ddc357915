import { z } from 'zod';
import { HOUSEHOLD_LIMITS } from '../households.ts';

export { HOUSEHOLD_LIMITS } from '../households.ts';

/*
 * A household on an application (issue 29): roommates (co-applicants) and at most one guarantor
 * join the primary applicant's application from a mailed link, and the offer is signed.
 */

export const MEMBER_ROLES = ['co_applicant', 'guarantor'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const INVITATIONS_LIMIT_MESSAGE = `You have sent ${HOUSEHOLD_LIMITS.invitationsPerHour} invitations in the last hour. Try again later.`;
export const SIGNATURE_MISMATCH_MESSAGE =
  'Type your full legal name exactly as it appears on your application to sign.';
export const SELF_INVITE_MESSAGE = 'You cannot invite yourself.';
export const ALREADY_INVITED_MESSAGE = 'Each person can be invited once.';

const InviteeEmailSchema = z
  .email({ error: 'Each invitation needs a valid email address.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Each invitation needs a valid email address.' });

/** What `POST /api/listings/{id}/applications` takes besides the application itself. */
export const HouseholdInputShape = {
  coApplicants: z
    .array(InviteeEmailSchema)
    .max(HOUSEHOLD_LIMITS.coApplicants, {
      error: `Invite at most ${HOUSEHOLD_LIMITS.coApplicants} co-applicants.`,
    })
    .optional(),
  guarantor: InviteeEmailSchema.optional(),
};

/** `POST /api/applications/{id}/invite` (the primary applicant). */
export const InviteInputSchema = z.strictObject({
  email: InviteeEmailSchema,
  role: z.enum(MEMBER_ROLES, { error: 'Role must be co_applicant or guarantor.' }),
});
export type InviteInput = z.infer<typeof InviteInputSchema>;

/** A link's token (32 random bytes, base64url); one that matches no invitation is a 404. */
export const InvitationTokenSchema = z
  .string({ error: 'token is required.' })
  .min(1, { error: 'token is required.' })
  .max(200, { error: 'Invitation not found' });

/** `POST /api/applications/{id}/join`: the invitee's own documents go with them. */
export const JoinInputSchema = z.strictObject({
  token: InvitationTokenSchema,
  documentIds: z
    .array(z.uuid({ error: 'Each document id must be a document of yours.' }))
    .max(20, { error: 'Send at most 20 documents.' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Send each document once.' })
    .default([]),
});
export type JoinInput = z.infer<typeof JoinInputSchema>;

export const MemberParamSchema = z.object({
  id: z.uuid({ error: 'Application not found' }),
  memberId: z.uuid({ error: 'Member not found' }),
});

/** `POST /api/applications/{id}/accept`: the primary's typed full legal name. */
export const AcceptInputSchema = z.strictObject({
  signature: z
    .string({ error: SIGNATURE_MISMATCH_MESSAGE })
    .trim()
    .min(1, { error: SIGNATURE_MISMATCH_MESSAGE })
    .max(120, { error: SIGNATURE_MISMATCH_MESSAGE }),
});

/** Names compared as a person would: case, accents' forms and runs of spaces do not matter. */
export function sameLegalName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/** `GET /api/application-invitations/{token}`: what the invitee is asked to join. */
export const InvitationViewSchema = z.object({
  applicationId: z.uuid(),
  memberId: z.uuid(),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
  invitedBy: z.string(),
  listing: z.object({ id: z.uuid(), title: z.string(), neighborhood: z.string().nullable() }),
  expiresAt: z.iso.datetime(),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;
