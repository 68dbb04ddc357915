import { PROFILE_LIMITS } from '../../../../shared/renter-profile.ts';
import type { INCOME_SOURCES, PET_KINDS } from '../../../../shared/schemas/renter-profile.ts';
import { FieldShell, TextField, useFieldIds } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  emptyHome,
  emptyIncome,
  emptyPet,
  type FieldErrors,
  fieldId,
  type HomeDraft,
  type IncomeDraft,
  type PetDraft,
  type ProfileDraft,
} from '../draft.ts';
import { RowList } from './row-list.tsx';

type SectionProps = {
  draft: ProfileDraft;
  set: <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => void;
  errors: FieldErrors;
};

const SOURCE_OPTIONS = [
  ['employment', 'Employment'],
  ['self_employment', 'Self-employment'],
  ['benefits', 'Benefits'],
  ['other', 'Other income'],
] as const satisfies ReadonlyArray<readonly [(typeof INCOME_SOURCES)[number], string]>;

const PET_OPTIONS = [
  ['dog', 'Dog'],
  ['cat', 'Cat'],
  ['other', 'Other pet'],
] as const satisfies ReadonlyArray<readonly [(typeof PET_KINDS)[number], string]>;

const MONEY_HINT = 'In dollars a month.';

/** Legal name, phone, current address, move-in date and occupants: what every application needs. */
export function AboutYouFields({ draft, set, errors }: SectionProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id={fieldId('legalName')}
        label="Legal name"
        autoComplete="name"
        maxLength={PROFILE_LIMITS.legalName}
        value={draft.legalName}
        onChange={(event) => set('legalName', event.target.value)}
        error={errors.legalName}
      />
      <TextField
        id={fieldId('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={PROFILE_LIMITS.phone}
        value={draft.phone}
        onChange={(event) => set('phone', event.target.value)}
        error={errors.phone}
      />
      <TextField
        id={fieldId('currentAddress')}
        label="Current address"
        autoComplete="street-address"
        maxLength={PROFILE_LIMITS.address}
        className="sm:col-span-2"
        value={draft.currentAddress}
        onChange={(event) => set('currentAddress', event.target.value)}
        error={errors.currentAddress}
      />
      <TextField
        id={fieldId('moveInDate')}
        label="Move-in date"
        type="date"
        hint="When you would like to move."
        value={draft.moveInDate}
        onChange={(event) => set('moveInDate', event.target.value)}
        error={errors.moveInDate}
      />
      <TextField
        id={fieldId('occupants')}
        label="Occupants"
        type="number"
        inputMode="numeric"
        min={1}
        max={PROFILE_LIMITS.occupants}
        hint="Everyone who will live there, you included."
        value={draft.occupants}
        onChange={(event) => set('occupants', event.target.value)}
        error={errors.occupants}
      />
    </div>
  );
}

/** The renter's incomes: a source, where from, since when and how much a month. */
export function IncomeList({ draft, set, errors }: SectionProps) {
  return (
    <RowList<IncomeDraft>
      rows={draft.incomes}
      onChange={(incomes) => set('incomes', incomes)}
      make={emptyIncome}
      max={PROFILE_LIMITS.incomes}
      rowLabel={(i) => `Income ${i + 1}`}
      addLabel="Add an income"
      empty="No income added yet."
      firstFieldId={(i) => fieldId(`incomes.${i}.source`)}
      renderRow={(income, i, change) => {
        const path = (field: string) => `incomes.${i}.${field}`;
        return (
          <>
            <SelectField
              id={fieldId(path('source'))}
              label="Source"
              options={SOURCE_OPTIONS}
              value={income.source}
              onChange={(event) =>
                change({ ...income, source: event.target.value as IncomeDraft['source'] })
              }
              error={errors[path('source')]}
            />
            <TextField
              id={fieldId(path('monthlyCents'))}
              label="Monthly income"
              hint={MONEY_HINT}
              inputMode="decimal"
              value={income.monthly}
              onChange={(event) => change({ ...income, monthly: event.target.value })}
              error={errors[path('monthlyCents')]}
            />
            <TextField
              id={fieldId(path('employer'))}
              label="Employer (optional)"
              autoComplete="organization"
              maxLength={PROFILE_LIMITS.employer}
              value={income.employer}
              onChange={(event) => change({ ...income, employer: event.target.value })}
              error={errors[path('employer')]}
            />
            <TextField
              id={fieldId(path('title'))}
              label="Job title (optional)"
              autoComplete="organization-title"
              maxLength={PROFILE_LIMITS.title}
              value={income.title}
              onChange={(event) => change({ ...income, title: event.target.value })}
              error={errors[path('title')]}
            />
            <TextField
              id={fieldId(path('since'))}
              label="Since (optional)"
              type="month"
              hint="Month and year, e.g. 2023-04."
              value={income.since}
              onChange={(event) => change({ ...income, since: event.target.value })}
              error={errors[path('since')]}
            />
          </>
        );
      }}
    />
  );
}

/** A voucher or program that pays part of the rent: optional, never a yes/no question. */
export function VoucherFields({ draft, set, errors }: SectionProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        If a voucher or program pays part of your rent, add it here. Landlords on Stoop cannot
        refuse it.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={fieldId('voucher.program')}
          label="Program name (optional)"
          hint="For example CityFHEPS or Section 8."
          maxLength={PROFILE_LIMITS.program}
          value={draft.voucherProgram}
          onChange={(event) => set('voucherProgram', event.target.value)}
          error={errors['voucher.program']}
        />
        <TextField
          id={fieldId('voucher.monthlyCents')}
          label="Amount it pays (optional)"
          hint={MONEY_HINT}
          inputMode="decimal"
          value={draft.voucherMonthly}
          onChange={(event) => set('voucherMonthly', event.target.value)}
          error={errors['voucher.monthlyCents']}
        />
      </div>
    </div>
  );
}

/** Where the renter has lived: address, from, to, rent and the landlord's name and contact. */
export function HomesList({ draft, set, errors }: SectionProps) {
  return (
    <RowList<HomeDraft>
      rows={draft.rentalHistory}
      onChange={(homes) => set('rentalHistory', homes)}
      make={emptyHome}
      max={PROFILE_LIMITS.rentalHistory}
      rowLabel={(i) => `Home ${i + 1}`}
      addLabel="Add a home"
      empty="No past homes added yet."
      firstFieldId={(i) => fieldId(`rentalHistory.${i}.address`)}
      renderRow={(home, i, change) => {
        const path = (field: string) => `rentalHistory.${i}.${field}`;
        const text = (field: keyof HomeDraft, errorPath: string) => ({
          id: fieldId(path(errorPath)),
          value: home[field],
          onChange: (event: { target: { value: string } }) =>
            change({ ...home, [field]: event.target.value }),
          error: errors[path(errorPath)],
        });
        return (
          <>
            <TextField
              label="Address"
              className="sm:col-span-2"
              maxLength={PROFILE_LIMITS.address}
              {...text('address', 'address')}
            />
            <TextField label="From" type="month" hint="e.g. 2021-09." {...text('from', 'from')} />
            <TextField
              label="To (optional)"
              type="month"
              hint="Leave empty if you live there now."
              {...text('to', 'to')}
            />
            <TextField
              label="Monthly rent (optional)"
              hint={MONEY_HINT}
              inputMode="decimal"
              {...text('rent', 'monthlyRentCents')}
            />
            <TextField
              label="Landlord's name (optional)"
              maxLength={PROFILE_LIMITS.landlordName}
              {...text('landlordName', 'landlordName')}
            />
            <TextField
              label="Landlord's contact (optional)"
              hint="A phone number or email."
              maxLength={PROFILE_LIMITS.landlordContact}
              className="sm:col-span-2"
              {...text('landlordContact', 'landlordContact')}
            />
          </>
        );
      }}
    />
  );
}

/** Pets: a kind and how many. */
export function PetsList({ draft, set, errors }: SectionProps) {
  return (
    <RowList<PetDraft>
      rows={draft.pets}
      onChange={(pets) => set('pets', pets)}
      make={emptyPet}
      max={PROFILE_LIMITS.pets}
      rowLabel={(i) => `Pet ${i + 1}`}
      addLabel="Add a pet"
      empty="No pets."
      firstFieldId={(i) => fieldId(`pets.${i}.kind`)}
      renderRow={(pet, i, change) => (
        <>
          <SelectField
            id={fieldId(`pets.${i}.kind`)}
            label="Kind"
            options={PET_OPTIONS}
            value={pet.kind}
            onChange={(event) => change({ ...pet, kind: event.target.value as PetDraft['kind'] })}
            error={errors[`pets.${i}.kind`]}
          />
          <TextField
            id={fieldId(`pets.${i}.count`)}
            label="How many"
            type="number"
            inputMode="numeric"
            min={1}
            max={PROFILE_LIMITS.petCount}
            value={pet.count}
            onChange={(event) => change({ ...pet, count: event.target.value })}
            error={errors[`pets.${i}.count`]}
          />
        </>
      )}
    />
  );
}

/** A few words to landlords, up to 1000 characters. */
export function AboutField({ draft, set, errors }: SectionProps) {
  const error = errors.about;
  const hint = `${draft.about.length} of ${PROFILE_LIMITS.about} characters. Optional: who you are, why you are moving.`;
  const { inputId, controlProps } = useFieldIds(fieldId('about'), { hint, error });
  return (
    <FieldShell inputId={inputId} label="A few words to landlords" hint={hint} error={error}>
      <textarea
        {...controlProps}
        rows={4}
        maxLength={PROFILE_LIMITS.about}
        value={draft.about}
        onChange={(event) => set('about', event.target.value)}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30',
          error ? 'border-red-600' : 'border-stone-300',
        )}
      />
    </FieldShell>
  );
}
