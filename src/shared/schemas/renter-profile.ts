import { z } from 'zod';
import { PROFILE_FIELDS, PROFILE_LIMITS, type ProfileField } from '../renter-profile.ts';

export {
  PROFILE_FIELD_LABELS,
  PROFILE_FIELDS,
  PROFILE_LIMITS,
  type ProfileField,
} from '../renter-profile.ts';

/*
 * The renter's reusable application profile (issue 28). It asks only what New York lets a
 * landlord weigh: nothing about criminal or housing-court history, marital status, children,
 * citizenship or immigration, age, disability or public assistance, and no Social Security
 * number. The object is strict, so no such question can come in through the API as an extra
 * field. A voucher or program paying part of the rent is optional and never a yes/no question
 * (NYC Human Rights Law, lawful source of income).
 */

export const PET_KINDS = ['dog', 'cat', 'other'] as const;
export const INCOME_SOURCES = ['employment', 'self_employment', 'benefits', 'other'] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const optionalText = (label: string, max: number) => text(label, max).optional();

const month = (label: string) =>
  z
    .string({ error: `${label} must be a month (YYYY-MM).` })
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, { error: `${label} must be a month (YYYY-MM).` });

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(PROFILE_LIMITS.monthlyCents, { error: `${label} is too large.` });

const PetSchema = z.strictObject({
  kind: z.enum(PET_KINDS, { error: 'Pet kind must be dog, cat or other.' }),
  count: z
    .number({ error: 'Pet count must be a number.' })
    .int({ error: 'Pet count must be a whole number.' })
    .min(1, { error: 'Pet count must be at least 1.' })
    .max(PROFILE_LIMITS.petCount, {
      error: `Pet count must be at most ${PROFILE_LIMITS.petCount}.`,
    }),
});

const IncomeSchema = z.strictObject({
  source: z.enum(INCOME_SOURCES, {
    error: 'Income source must be employment, self_employment, benefits or other.',
  }),
  employer: optionalText('Employer', PROFILE_LIMITS.employer),
  title: optionalText('Job title', PROFILE_LIMITS.title),
  since: month('Income since').optional(),
  monthlyCents: cents('Monthly income'),
});

const RentalHistorySchema = z
  .strictObject({
    address: text('Address', PROFILE_LIMITS.address),
    from: month('Lived there from'),
    to: month('Lived there until').optional(),
    monthlyRentCents: cents('Monthly rent').optional(),
    landlordName: optionalText("Landlord's name", PROFILE_LIMITS.landlordName),
    landlordContact: optionalText("Landlord's contact", PROFILE_LIMITS.landlordContact),
  })
  .refine((home) => !home.to || home.to >= home.from, {
    error: 'A home cannot end before it starts.',
    path: ['to'],
  });

const VoucherSchema = z.strictObject({
  program: text('Program', PROFILE_LIMITS.program),
  monthlyCents: cents('Amount the program pays').refine((n) => n > 0, {
    error: 'Amount the program pays must be more than 0.',
  }),
});

const MoveInDateSchema = z.iso
  .date({ error: 'Move-in date must be a date (YYYY-MM-DD).' })
  .refine((day) => day >= '2000-01-01' && day <= '2100-12-31', {
    error: 'Move-in date must be between 2000 and 2100.',
  });

/** Digits with the usual separators, 7 to 15 digits (E.164's longest). */
const PhoneSchema = text('Phone', PROFILE_LIMITS.phone).refine(
  (phone) => /^\+?[\d\s().-]+$/.test(phone) && /^(\D*\d){7,15}\D*$/.test(phone),
  { error: 'Phone must be a phone number.' },
);

/**
 * `PUT /api/renter-profile`: the whole profile, replaced. The five facts every application needs
 * may be left out while the renter is still filling it in; `missing` then names them.
 */
export const RenterProfileInputSchema = z.strictObject({
  legalName: text('Legal name', PROFILE_LIMITS.legalName).optional(),
  phone: PhoneSchema.optional(),
  currentAddress: text('Current address', PROFILE_LIMITS.address).optional(),
  moveInDate: MoveInDateSchema.optional(),
  occupants: z
    .number({ error: 'Occupants must be a number.' })
    .int({ error: 'Occupants must be a whole number.' })
    .min(1, { error: 'Occupants must be at least 1.' })
    .max(PROFILE_LIMITS.occupants, {
      error: `Occupants must be at most ${PROFILE_LIMITS.occupants}.`,
    })
    .optional(),
  pets: z
    .array(PetSchema)
    .max(PROFILE_LIMITS.pets, { error: `At most ${PROFILE_LIMITS.pets} kinds of pets.` })
    .default([]),
  incomes: z
    .array(IncomeSchema)
    .max(PROFILE_LIMITS.incomes, { error: `At most ${PROFILE_LIMITS.incomes} incomes.` })
    .default([]),
  rentalHistory: z
    .array(RentalHistorySchema)
    .max(PROFILE_LIMITS.rentalHistory, {
      error: `At most ${PROFILE_LIMITS.rentalHistory} homes in the rental history.`,
    })
    .default([]),
  voucher: VoucherSchema.optional(),
  about: z
    .string({ error: 'About must be text.' })
    .trim()
    .max(PROFILE_LIMITS.about, {
      error: `About must be at most ${PROFILE_LIMITS.about} characters.`,
    })
    .optional(),
});
export type RenterProfileInput = z.input<typeof RenterProfileInputSchema>;
export type RenterProfileData = z.output<typeof RenterProfileInputSchema>;

export const RenterProfileSchema = RenterProfileInputSchema.extend({
  pets: z.array(PetSchema),
  incomes: z.array(IncomeSchema),
  rentalHistory: z.array(RentalHistorySchema),
  updatedAt: z.iso.datetime(),
});
export type RenterProfile = z.infer<typeof RenterProfileSchema>;

export const RenterProfileResponseSchema = z.object({
  profile: RenterProfileSchema.nullable(),
  missing: z.array(z.enum(PROFILE_FIELDS)),
});
export type RenterProfileResponse = z.infer<typeof RenterProfileResponseSchema>;

/**
 * The fields an application still needs: the five facts, and a source of income (a job, benefits
 * or a voucher: a renter whose rent a program pays in part has one).
 */
export function missingProfileFields(profile: RenterProfileData | null): ProfileField[] {
  if (!profile) return [...PROFILE_FIELDS];
  const missing: ProfileField[] = [];
  for (const field of [
    'legalName',
    'phone',
    'currentAddress',
    'moveInDate',
    'occupants',
  ] as const) {
    if (profile[field] === undefined) missing.push(field);
  }
  if (profile.incomes.length === 0 && !profile.voucher) missing.push('incomes');
  return missing;
}
