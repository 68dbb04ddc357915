/*
 * Document kinds and limits, shared by the API and the web app. No zod here: a page that imports
 * these must not load zod and the schemas with them (decisions 012, 063).
 */

export const DOCUMENT_KINDS = [
  'pay_stub',
  'bank_statement',
  'employment_letter',
  'tax_return',
  'id',
  'voucher_letter',
  'other',
] as const;

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  pay_stub: 'pay stub',
  bank_statement: 'bank statement',
  employment_letter: 'employment letter',
  tax_return: 'tax return',
  id: 'ID',
  voucher_letter: 'voucher letter',
  other: 'other document',
};

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
