import type { Application, Offer } from '../../../shared/schemas/applications.ts';
import {
  detailsOf,
  type FieldErrors,
  type FieldIssue,
  fieldErrorsOf as fieldErrorsFrom,
} from '../../lib/field-errors.ts';
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
export type { FieldErrors };

/** A first offer: the rent the renter applied at, a year from the move-in they asked for. */
export function offerDraftOf(application: Application): OfferDraft {
  return {
    rent: dollarsOf(application.rentCents),
    deposit: '',
    leaseStart: application.moveInDate ?? application.profile?.moveInDate ?? '',
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
export const fieldErrorsOf = (issues: ReadonlyArray<FieldIssue>) =>
  fieldErrorsFrom(issues, MONEY_FIELD);

export { detailsOf };

/** The form control id of a field path: `fees.0.name` → `offer-fees-0-name`. */
export const offerFieldId = (path: string) => `offer-${path.replaceAll('.', '-')}`;
