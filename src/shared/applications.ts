/*
 * Application vocabulary and the income arithmetic, shared by the API and the web app. No zod
 * here: a page that imports these must not load zod and the schemas with them (decisions 012,
 * 063).
 */

export const APPLICATION_STATUSES = [
  /** Someone invited to the household has not joined yet (issue 29): the landlord sees nothing. */
  'awaiting_household',
  'submitted',
  'info_requested',
  'offered',
  'accepted',
  'offer_rejected',
  'declined',
  'withdrawn',
  'closed',
] as const;

export const APPLICATION_LIMITS = { message: 1000, documents: 20 } as const;

export const DECLINE_REASONS = ['income', 'incomplete', 'rented', 'other'] as const;

/** The landlord still has to act, or the renter to answer: one such application a listing. */
export const OPEN_APPLICATION_STATUSES = [
  'awaiting_household',
  'submitted',
  'info_requested',
  'offered',
] as const;

/** What another open application on a listing says once the listing is rented. */
export const RENTED_NOTICE =
  'This apartment has been rented. Your application is saved for the next one.';

type IncomeFacts = { incomes: { monthlyCents: number }[]; voucher?: { monthlyCents: number } };

/** The household's monthly share of the rent: the rent less what programs pay. */
function shareOf(household: IncomeFacts[], rentCents: number): number {
  return rentCents - household.reduce((sum, p) => sum + (p.voucher?.monthlyCents ?? 0), 0);
}

const yearlyIncome = (people: IncomeFacts[]) =>
  people.reduce((sum, p) => sum + p.incomes.reduce((n, i) => n + i.monthlyCents, 0), 0) * 12;

/** One decimal, rounded down: 39.96× does not meet 40×. */
const oneDecimalDown = (n: number) => Math.floor(n * 10) / 10;

/**
 * New York's income multiple: yearly income over the renter's monthly share of the rent, one
 * decimal (round down: 39.96× does not meet 40×). Null when a program pays the whole rent.
 */
export function incomeMultipleOf(profile: IncomeFacts, rentCents: number): number | null {
  return householdIncomeMultiple([profile], rentCents);
}

/**
 * The household's multiple (issue 29): the yearly income of the primary applicant and every
 * co-applicant over their share of the rent (what programs pay for any of them taken off).
 */
export function householdIncomeMultiple(
  household: IncomeFacts[],
  rentCents: number,
): number | null {
  const share = shareOf(household, rentCents);
  if (share <= 0) return null;
  return oneDecimalDown(yearlyIncome(household) / share);
}

/** A guarantor's own yearly income over the household's share of the rent. */
export function guarantorIncomeMultipleOf(
  guarantor: IncomeFacts,
  household: IncomeFacts[],
  rentCents: number,
): number | null {
  const share = shareOf(household, rentCents);
  if (share <= 0) return null;
  return oneDecimalDown(yearlyIncome([guarantor]) / share);
}

/**
 * Which way the income asked for is met: by the household, else by a guarantor at the
 * listing's guarantor multiple; false when neither. No multiple asked, or a program paying the
 * whole rent, is met by the household.
 */
export function incomeMetBy(
  criteria: { incomeMultiple: number | null; guarantorIncomeMultiple: number | null },
  household: number | null,
  guarantor: number | null,
): 'household' | 'guarantor' | false {
  if (criteria.incomeMultiple === null || household === null) return 'household';
  if (household >= criteria.incomeMultiple) return 'household';
  if (
    criteria.guarantorIncomeMultiple !== null &&
    guarantor !== null &&
    guarantor >= criteria.guarantorIncomeMultiple
  ) {
    return 'guarantor';
  }
  return false;
}
