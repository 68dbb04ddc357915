import type {
  INCOME_SOURCES,
  PET_KINDS,
  RenterProfile,
  RenterProfileInput,
} from '../../../shared/schemas/renter-profile.ts';
import {
  detailsOf,
  type FieldErrors,
  type FieldIssue,
  fieldErrorsOf as fieldErrorsFrom,
} from '../../lib/field-errors.ts';

/*
 * The application profile as the form holds it: every field a string, as typed. `inputOf` turns
 * it into the API's shape (empty fields left out, dollars into cents); the shared schema then
 * checks it, and its issue paths (`incomes.0.monthlyCents`) name the fields errors go beside.
 */

export type IncomeDraft = {
  source: (typeof INCOME_SOURCES)[number];
  employer: string;
  title: string;
  since: string;
  monthly: string;
};
export type HomeDraft = {
  address: string;
  from: string;
  to: string;
  rent: string;
  landlordName: string;
  landlordContact: string;
};
export type PetDraft = { kind: (typeof PET_KINDS)[number]; count: string };

export type ProfileDraft = {
  legalName: string;
  phone: string;
  currentAddress: string;
  moveInDate: string;
  occupants: string;
  incomes: IncomeDraft[];
  voucherProgram: string;
  voucherMonthly: string;
  rentalHistory: HomeDraft[];
  pets: PetDraft[];
  about: string;
};

/** Messages by field path (`phone`, `incomes.0.monthlyCents`, `voucher.program`). */
export type { FieldErrors };

export const emptyIncome = (): IncomeDraft => ({
  source: 'employment',
  employer: '',
  title: '',
  since: '',
  monthly: '',
});
export const emptyHome = (): HomeDraft => ({
  address: '',
  from: '',
  to: '',
  rent: '',
  landlordName: '',
  landlordContact: '',
});
export const emptyPet = (): PetDraft => ({ kind: 'dog', count: '1' });

/** Cents as dollars for a field: 450000 → "4500", 123456 → "1234.56". */
export function dollarsOf(cents: number | undefined): string {
  if (cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Dollars as typed ("$4,500.50") in cents; NaN when it is no amount; undefined when empty. */
export function centsOf(dollars: string): number | undefined {
  const clean = dollars.replace(/[$,\s]/g, '');
  if (clean === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

export function draftOf(profile: RenterProfile | null): ProfileDraft {
  return {
    legalName: profile?.legalName ?? '',
    phone: profile?.phone ?? '',
    currentAddress: profile?.currentAddress ?? '',
    moveInDate: profile?.moveInDate ?? '',
    occupants: profile?.occupants === undefined ? '' : String(profile.occupants),
    incomes: (profile?.incomes ?? []).map((income) => ({
      source: income.source,
      employer: income.employer ?? '',
      title: income.title ?? '',
      since: income.since ?? '',
      monthly: dollarsOf(income.monthlyCents),
    })),
    voucherProgram: profile?.voucher?.program ?? '',
    voucherMonthly: dollarsOf(profile?.voucher?.monthlyCents),
    rentalHistory: (profile?.rentalHistory ?? []).map((home) => ({
      address: home.address,
      from: home.from,
      to: home.to ?? '',
      rent: dollarsOf(home.monthlyRentCents),
      landlordName: home.landlordName ?? '',
      landlordContact: home.landlordContact ?? '',
    })),
    pets: (profile?.pets ?? []).map((pet) => ({ kind: pet.kind, count: String(pet.count) })),
    about: profile?.about ?? '',
  };
}

/** A text field: left out when blank. */
const opt = (value: string) => (value.trim() === '' ? undefined : value);
/** A number field: left out when blank, NaN (refused by the schema) when not a number. */
const num = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Drops the keys whose value is undefined, so the JSON has only what was filled in. */
function compact<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

/** The whole profile to PUT, before the schema's checks. */
export function inputOf(draft: ProfileDraft): RenterProfileInput {
  const voucherFilled = draft.voucherProgram.trim() !== '' || draft.voucherMonthly.trim() !== '';
  return compact({
    legalName: opt(draft.legalName),
    phone: opt(draft.phone),
    currentAddress: opt(draft.currentAddress),
    moveInDate: opt(draft.moveInDate),
    occupants: num(draft.occupants),
    incomes: draft.incomes.map((income) =>
      compact({
        source: income.source,
        employer: opt(income.employer),
        title: opt(income.title),
        since: opt(income.since),
        monthlyCents: centsOf(income.monthly) as number,
      }),
    ),
    voucher: voucherFilled
      ? { program: draft.voucherProgram, monthlyCents: centsOf(draft.voucherMonthly) as number }
      : undefined,
    rentalHistory: draft.rentalHistory.map((home) =>
      compact({
        address: home.address,
        from: home.from,
        to: opt(home.to),
        monthlyRentCents: centsOf(home.rent),
        landlordName: opt(home.landlordName),
        landlordContact: opt(home.landlordContact),
      }),
    ),
    pets: draft.pets.map((pet) => ({ kind: pet.kind, count: Number(pet.count) })),
    about: opt(draft.about),
  });
}

/** Money is typed in dollars: a schema message about cents is said in dollars. */
const MONEY_FIELD = /(monthlyCents|monthlyRentCents)$/;

/** One message per field path, the first for each; money fields in dollars. */
export const fieldErrorsOf = (issues: ReadonlyArray<FieldIssue>) =>
  fieldErrorsFrom(issues, MONEY_FIELD);

export { detailsOf };

/** The form control id of a field path: `incomes.0.monthlyCents` → `rp-incomes-0-monthlyCents`. */
export const fieldId = (path: string) => `rp-${path.replaceAll('.', '-')}`;
