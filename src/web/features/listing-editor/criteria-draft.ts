import { DOCUMENT_KINDS } from '../../../shared/renter-documents.ts';
import {
  type ApplicationSettings,
  ApplicationSettingsSchema,
} from '../../../shared/schemas/application-settings.ts';
import type { DocumentKind } from '../../../shared/schemas/renter-documents.ts';

/** The criteria as the editor's fields hold them: multiples as typed, blank for none. */
export type CriteriaDraft = {
  acceptingApplications: boolean;
  incomeMultiple: string;
  guarantorIncomeMultiple: string;
  requiredDocuments: DocumentKind[];
};

export type CriteriaErrors = Partial<Record<keyof CriteriaDraft, string>>;

/*
 * The kinds a listing may ask every applicant for. Not a voucher letter: asking it of everyone
 * would make a voucher a condition of applying, and New York forbids turning a lawful source of
 * income away (NYC Human Rights Law). A renter who has one sends it by choice.
 */
export const ASKABLE_DOCUMENT_KINDS = DOCUMENT_KINDS.filter((kind) => kind !== 'voucher_letter');

export function draftOf(settings: ApplicationSettings): CriteriaDraft {
  return {
    acceptingApplications: settings.acceptingApplications,
    incomeMultiple: settings.incomeMultiple === null ? '' : String(settings.incomeMultiple),
    guarantorIncomeMultiple:
      settings.guarantorIncomeMultiple === null ? '' : String(settings.guarantorIncomeMultiple),
    requiredDocuments: [...settings.requiredDocuments],
  };
}

const multipleOf = (typed: string) => {
  const value = typed.trim().replace(/×|x$/i, '').trim();
  return value === '' ? null : Number(value);
};

/** The draft checked by the shared schema: the settings to send, or each field's message. */
export function settingsOf(
  draft: CriteriaDraft,
): { ok: true; settings: ApplicationSettings } | { ok: false; errors: CriteriaErrors } {
  const parsed = ApplicationSettingsSchema.safeParse({
    acceptingApplications: draft.acceptingApplications,
    incomeMultiple: multipleOf(draft.incomeMultiple),
    guarantorIncomeMultiple: multipleOf(draft.guarantorIncomeMultiple),
    // In the order of the list, whatever order they were ticked in.
    requiredDocuments: DOCUMENT_KINDS.filter((kind) => draft.requiredDocuments.includes(kind)),
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: CriteriaErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CriteriaDraft;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether the fields say something other than what is saved. */
export function changed(draft: CriteriaDraft, saved: ApplicationSettings): boolean {
  const result = settingsOf(draft);
  if (!result.ok) return true;
  return (
    JSON.stringify(result.settings) !==
    JSON.stringify({
      acceptingApplications: saved.acceptingApplications,
      incomeMultiple: saved.incomeMultiple,
      guarantorIncomeMultiple: saved.guarantorIncomeMultiple,
      requiredDocuments: DOCUMENT_KINDS.filter((kind) => saved.requiredDocuments.includes(kind)),
    })
  );
}
