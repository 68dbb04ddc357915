import { DOCUMENT_KIND_LABELS } from '../../../shared/renter-documents.ts';
import type { ApplicationSettings } from '../../../shared/schemas/application-settings.ts';
import type { DocumentKind } from '../../../shared/schemas/renter-documents.ts';

/*
 * A listing's criteria in words, as renters read them before applying (issue 28). Stoop holds
 * the landlord to them, so they say exactly what the settings say and nothing more.
 */

export const FREE_TO_APPLY = 'Applying on Stoop is free';

/** 40 → "40", 40.5 → "40.5": a multiple as typed. */
export const formatMultiple = (multiple: number) => String(Math.round(multiple * 10) / 10);

/** "pay stub, ID": the kinds as a renter reads them, in the order the landlord chose. */
export function documentWords(kinds: readonly DocumentKind[]): string {
  return kinds.map((kind) => DOCUMENT_KIND_LABELS[kind]).join(', ');
}

/** One line a criterion, and always that applying is free. */
export function criteriaLines(settings: ApplicationSettings): string[] {
  const lines: string[] = [];
  if (settings.incomeMultiple !== null) {
    lines.push(`Income ${formatMultiple(settings.incomeMultiple)}× the rent`);
  }
  if (settings.guarantorIncomeMultiple !== null) {
    lines.push(`Guarantor's income ${formatMultiple(settings.guarantorIncomeMultiple)}× the rent`);
  }
  if (settings.requiredDocuments.length > 0) {
    lines.push(`Documents: ${documentWords(settings.requiredDocuments)}`);
  }
  lines.push(FREE_TO_APPLY);
  return lines;
}

/** "Pay stub": a kind as a label of its own. */
export function documentLabel(kind: DocumentKind): string {
  const words = DOCUMENT_KIND_LABELS[kind];
  return words.charAt(0).toUpperCase() + words.slice(1);
}
