/*
 * Household limits, shared by the API and the web app. No zod here: a page that imports these must
 * not load zod and the schemas with them (decisions 012, 063).
 */

export const HOUSEHOLD_LIMITS = {
  coApplicants: 5,
  guarantors: 1,
  /** How long an invitation's link works. */
  invitationDays: 14,
  /** Invitations an account may send an hour (the abuse limits of issue 26). */
  invitationsPerHour: 20,
  /** How long a signed offer is kept after its application closes. */
  signedOfferYears: 3,
} as const;
