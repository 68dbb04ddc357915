import type { Application, Offer } from '../../../shared/schemas/applications.ts';
import { centsOf, dollarsOf } from './money.ts';

/*
 * The offer as its form holds it: every field a string, as typed, dollars for money. `offerOf`
 * turns it into the API's shape; the shared schema then checks it, and its issue paths
 * (`depositCents`, `fees.0.amountCents`) name the fields the errors go beside.
 */

export type FeeDraft = { name: string; amount: string };
export type OfferDraft = {
  rent: string;
  deposit: string;
  leaseStart: string;
  leaseMonths: string;
  fees: FeeDraft[];
};

/** Messages by field path. */
export type FieldErrors = Record<string, string>;

/** A first offer: the rent the renter applied at, a year from the move-in they asked for. */
export function offerDraftOf(application: Application): OfferDraft {
  return {
    rent: dollarsOf(application.rentCents),
    deposit: '',
    leaseStart: application.moveInDate ?? application.profile.moveInDate ?? '',
    leaseMonths: '12',
    fees: [],
  };
}

export function offerOf(draft: OfferDraft): Offer {
  return {
    rentCents: centsOf(draft.rent),
    depositCents: centsOf(draft.deposit),
    leaseStart: draft.leaseStart,
    leaseMonths: draft.leaseMonths.trim() === '' ? Number.NaN : Number(draft.leaseMonths),
    fees: draft.fees.map((fee) => ({ name: fee.name, amountCents: centsOf(fee.amount) })),
  };
}

/** Money is typed in dollars: a schema message about cents is said in dollars. */
const MONEY_FIELD = /(rentCents|depositCents|amountCents)$/;

/** One message per field path, the first for each; money fields in dollars. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: string; message: string }>) {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    errors[path] ??=
      MONEY_FIELD.test(path) && /cents/.test(message)
        ? 'Enter an amount in dollars, like 2500 or 2500.50.'
        : message;
  }
  return errors;
}

/** The server's `details` of a 400, when they are `[{ path, message }]`. */
export function detailsOf(details: unknown): Array<{ path: string; message: string }> {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is { path: string; message: string } =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as { path?: unknown }).path === 'string' &&
      typeof (d as { message?: unknown }).message === 'string',
  );
}

/** The form control id of a field path: `fees.0.name` → `offer-fees-0-name`. */
export const offerFieldId = (path: string) => `offer-${path.replaceAll('.', '-')}`;
