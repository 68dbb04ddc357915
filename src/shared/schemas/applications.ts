import { z } from 'zod';
import { APPLICATION_LIMITS, APPLICATION_STATUSES, DECLINE_REASONS } from '../applications.ts';
import { ApplicationSettingsSchema } from './application-settings.ts';
import { HouseholdInputShape, MEMBER_ROLES } from './households.ts';
import { DOCUMENT_CONTENT_TYPES, DocumentKindSchema } from './renter-documents.ts';
import { RenterProfileInputSchema } from './renter-profile.ts';

export {
  APPLICATION_LIMITS,
  APPLICATION_STATUSES,
  DECLINE_REASONS,
  guarantorIncomeMultipleOf,
  householdIncomeMultiple,
  incomeMetBy,
  incomeMultipleOf,
  OPEN_APPLICATION_STATUSES,
  RENTED_NOTICE,
} from '../applications.ts';

/*
 * A rental application (issue 28): the renter's profile and chosen documents as submitted, sent
 * to one listing, held to the criteria the listing showed when it was sent.
 */

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Until an offer is made, the primary applicant may change who is in the household. */
export const HOUSEHOLD_CHANGE_STATUSES = [
  'awaiting_household',
  'submitted',
  'info_requested',
] as const;

export const ApplicationIdSchema = z.uuid({ error: 'Application not found' });
export const ApplicationParamSchema = z.object({ id: ApplicationIdSchema });

export const ApplyInputSchema = z.strictObject({
  documentIds: z
    .array(z.uuid({ error: 'Each document id must be a document of yours.' }))
    .max(APPLICATION_LIMITS.documents, {
      error: `Send at most ${APPLICATION_LIMITS.documents} documents.`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Send each document once.' }),
  message: z
    .string({ error: 'Message must be text.' })
    .trim()
    .max(APPLICATION_LIMITS.message, {
      error: `Message must be at most ${APPLICATION_LIMITS.message} characters.`,
    })
    .optional(),
  moveInDate: z.iso.date({ error: 'Move-in date must be a date (YYYY-MM-DD).' }).optional(),
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required.' })
    .min(8, { error: 'idempotencyKey must be 8 to 100 characters.' })
    .max(100, { error: 'idempotencyKey must be 8 to 100 characters.' }),
  ...HouseholdInputShape,
});
export type ApplyInput = z.infer<typeof ApplyInputSchema>;

export const ApplicationsQuerySchema = z.strictObject({
  listingId: z.uuid({ error: 'listingId must be a listing id.' }).optional(),
  status: z.enum(APPLICATION_STATUSES, { error: 'Unknown application status.' }).optional(),
  cursor: z.string().max(200).optional(),
});

export const ApplicationDocumentSchema = z.object({
  id: z.uuid(),
  kind: DocumentKindSchema,
  name: z.string(),
  size: z.number().int(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  /** The renter deleted it: the landlord sees "Removed by the applicant". */
  removed: z.boolean(),
});

export const TIMELINE_KINDS = [
  'submitted',
  'viewed',
  'document_opened',
  'info_requested',
  'responded',
  'offered',
  'accepted',
  'offer_rejected',
  'declined',
  'withdrawn',
  'closed',
  'member_invited',
  'member_joined',
  'member_removed',
  'member_left',
  'offer_signed',
] as const;

export const TimelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z.iso.datetime(),
  /** `member`: a co-applicant or guarantor (joined, left). */
  by: z.enum(['renter', 'member', 'landlord', 'stoop']),
  /** What was asked or answered, the document opened, the reason given, who joined or left. */
  detail: z.string().nullable(),
});

const MessageSchema = z
  .string({ error: 'Message must be text.' })
  .trim()
  .min(1, { error: 'Message is required.' })
  .max(APPLICATION_LIMITS.message, {
    error: `Message must be at most ${APPLICATION_LIMITS.message} characters.`,
  });

/** `request-info` (landlord): what else the landlord needs. */
export const RequestInfoInputSchema = z.strictObject({ message: MessageSchema });
/** `respond` (renter): the answer, with more documents if asked. */
export const RespondInputSchema = z.strictObject({
  message: MessageSchema,
  documentIds: ApplyInputSchema.shape.documentIds.optional(),
});

const amount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(100_000_000, { error: `${label} is too large.` });

/** The deposit cap of General Obligations Law section 7-108. */
export const DEPOSIT_CAP_MESSAGE = "New York limits the security deposit to one month's rent.";

/** `offer` (landlord): the terms, every fee the renter pays itemized (FARE Act). */
export const OfferInputSchema = z
  .strictObject({
    rentCents: amount('Rent').refine((n) => n > 0, { error: 'Rent must be more than 0.' }),
    depositCents: amount('Deposit'),
    leaseStart: z.iso.date({ error: 'Lease start must be a date (YYYY-MM-DD).' }),
    leaseMonths: z
      .number({ error: 'Lease length must be a number of months.' })
      .int({ error: 'Lease length must be a whole number of months.' })
      .min(1, { error: 'Lease length must be at least 1 month.' })
      .max(60, { error: 'Lease length must be at most 60 months.' }),
    fees: z
      .array(
        z.strictObject({
          name: z
            .string({ error: 'Fee name must be text.' })
            .trim()
            .min(1, { error: 'Fee name is required.' })
            .max(100, { error: 'Fee name must be at most 100 characters.' }),
          amountCents: amount('Fee amount'),
        }),
      )
      .max(20, { error: 'At most 20 fees.' }),
  })
  .refine((offer) => offer.depositCents <= offer.rentCents, {
    error: DEPOSIT_CAP_MESSAGE,
    path: ['depositCents'],
  });
export type Offer = z.infer<typeof OfferInputSchema>;

export const DeclineInputSchema = z.strictObject({
  reason: z.enum(DECLINE_REASONS, { error: 'Reason must be income, incomplete, rented or other.' }),
  note: z
    .string({ error: 'Note must be text.' })
    .trim()
    .max(APPLICATION_LIMITS.message, {
      error: `Note must be at most ${APPLICATION_LIMITS.message} characters.`,
    })
    .optional(),
});
export type Decline = z.infer<typeof DeclineInputSchema>;

const ProfileViewSchema = RenterProfileInputSchema.extend({
  pets: RenterProfileInputSchema.shape.pets.unwrap(),
  incomes: RenterProfileInputSchema.shape.incomes.unwrap(),
  rentalHistory: RenterProfileInputSchema.shape.rentalHistory.unwrap(),
});

/**
 * A co-applicant or guarantor. Everyone on the application sees each member's name and whether
 * they joined; the profile, income and documents only the landlord and that member see (null
 * and [] for anyone else), and the address invited only the primary applicant and the landlord.
 */
export const ApplicationMemberSchema = z.object({
  id: z.uuid(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(['invited', 'joined']),
  /** Their legal name once joined. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  invitedAt: z.iso.datetime(),
  /** When the invitation's link stops working (null once joined). */
  expiresAt: z.iso.datetime().nullable(),
  joinedAt: z.iso.datetime().nullable(),
  profile: ProfileViewSchema.nullable(),
  documents: z.array(ApplicationDocumentSchema),
  /** A guarantor's own yearly income over the renter's share of the rent. */
  incomeMultiple: z.number().nullable(),
});
export type ApplicationMember = z.infer<typeof ApplicationMemberSchema>;

/** Which way the application meets the income asked for, or false. */
export const MeetsCriteriaSchema = z.union([z.literal(false), z.enum(['household', 'guarantor'])]);
export type MeetsCriteria = z.infer<typeof MeetsCriteriaSchema>;

export const ApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPLICATION_STATUSES),
  /** Who this view is for: its primary applicant, a co-applicant or guarantor, or the landlord. */
  viewer: z.enum(['applicant', 'member', 'landlord']),
  listing: z.object({
    id: z.uuid(),
    title: z.string(),
    neighborhood: z.string().nullable(),
    rentCents: z.number().int(),
  }),
  applicant: z.object({ id: z.uuid(), name: z.string() }),
  /** The primary applicant's profile as sent; null to the other members. */
  profile: ProfileViewSchema.nullable(),
  members: z.array(ApplicationMemberSchema),
  message: z.string().nullable(),
  moveInDate: z.string().nullable(),
  documents: z.array(ApplicationDocumentSchema),
  /** The criteria the listing showed when the application was sent: it is held to them. */
  criteria: ApplicationSettingsSchema,
  /** The monthly rent when sent; the renter's share is this less a voucher's monthly amount. */
  rentCents: z.number().int(),
  /**
   * The household's yearly income (the primary and every co-applicant who joined) over the
   * renter's share of the rent, one decimal; null when a program pays it all, and to members.
   */
  incomeMultiple: z.number().nullable(),
  /** The guarantor's, once joined; null without one, and to members. */
  guarantorIncomeMultiple: z.number().nullable(),
  meetsCriteria: MeetsCriteriaSchema,
  /** The landlord's offer, once made. */
  offer: OfferInputSchema.nullable(),
  /** Why the landlord declined, when they did. */
  decline: DeclineInputSchema.nullable(),
  /** The accepted offer's signature; its PDF is at `GET /api/applications/{id}/offer.pdf`. */
  signedOffer: z.object({ signedBy: z.string(), signedAt: z.iso.datetime() }).nullable(),
  timeline: z.array(TimelineEntrySchema),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const ApplicationResponseSchema = z.object({ application: ApplicationSchema });
export const ApplicationsPageSchema = z.object({
  items: z.array(ApplicationSchema),
  nextCursor: z.string().nullable(),
});

/** How many applications are in each status (every status named, 0 when none). */
export const ApplicationStatusCountsSchema = z.record(
  z.enum(APPLICATION_STATUSES),
  z.number().int().min(0),
);
export type ApplicationStatusCounts = z.infer<typeof ApplicationStatusCountsSchema>;

/**
 * `GET /api/applications/counts`: a renter's own applications by status; a landlord's by status
 * and, for each listing with any, how many are open and how many in all.
 */
export const ApplicationCountsSchema = z.object({
  byStatus: ApplicationStatusCountsSchema,
  byListing: z
    .array(
      z.object({
        listingId: z.uuid(),
        open: z.number().int().min(0),
        total: z.number().int().min(0),
      }),
    )
    .optional(),
});
export type ApplicationCounts = z.infer<typeof ApplicationCountsSchema>;
