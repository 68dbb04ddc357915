/*
 * Report reasons and limits, shared by the API and the web app. No zod here: a page that imports
 * these must not load zod and the schemas with them (decisions 012, 063).
 */

export const REPORT_REASONS = [
  'scam',
  'inaccurate',
  'unavailable',
  'discrimination',
  'harassment',
  'spam',
  'other',
] as const;

/** What the report form shows for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud (asks for money up front, fake listing)',
  inaccurate: 'Inaccurate details, photos or price',
  unavailable: 'No longer available',
  discrimination: 'Discriminatory language or treatment',
  harassment: 'Harassment or abusive messages',
  spam: 'Spam or advertising',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 2000;

export type ReportReason = (typeof REPORT_REASONS)[number];
