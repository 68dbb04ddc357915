import { z } from 'zod';
import { DocumentKindSchema } from './renter-documents.ts';

/*
 * What a listing asks of applicants, stated before anyone applies (issue 28) and held to:
 * an income decline is refused when the application meets it. `incomeMultiple` is New York's
 * "40×": yearly income over the monthly rent.
 */

const multiple = (label: string) =>
  z
    .number({ error: `${label} must be a number or null.` })
    .min(1, { error: `${label} must be at least 1.` })
    .max(200, { error: `${label} must be at most 200.` })
    .refine((n) => Number.isInteger(n * 10), { error: `${label} takes one decimal at most.` })
    .nullable();

export const ApplicationSettingsSchema = z.strictObject({
  acceptingApplications: z.boolean({ error: 'Accepting applications must be true or false.' }),
  incomeMultiple: multiple('Income multiple'),
  guarantorIncomeMultiple: multiple('Guarantor income multiple'),
  requiredDocuments: z
    .array(DocumentKindSchema)
    .max(7)
    .refine((kinds) => new Set(kinds).size === kinds.length, {
      error: 'Each required document is named once.',
    }),
});
export type ApplicationSettings = z.infer<typeof ApplicationSettingsSchema>;

/** A listing nobody has set criteria for takes applications and asks nothing beyond the profile. */
export const DEFAULT_APPLICATION_SETTINGS: ApplicationSettings = {
  acceptingApplications: true,
  incomeMultiple: null,
  guarantorIncomeMultiple: null,
  requiredDocuments: [],
};

export const ApplicationSettingsResponseSchema = z.object({ settings: ApplicationSettingsSchema });

/**
 * `GET /api/listings/{id}/application-settings`: the criteria and the listing they are for, so a
 * renter's profile page can say what that listing still needs (`?listingId=`) without opening
 * the listing itself (which would count a view).
 */
export const ApplicationSettingsViewSchema = ApplicationSettingsResponseSchema.extend({
  listing: z.object({ id: z.uuid(), title: z.string() }),
});
export type ApplicationSettingsView = z.infer<typeof ApplicationSettingsViewSchema>;
