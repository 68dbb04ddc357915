/** What is being reported: a listing or a conversation (exactly one, as the API wants). */
export type ReportTarget = { listingId: string } | { conversationId: string };

export const REPORT_SUCCESS_MESSAGE = 'Thanks — our team will review this report.';

export function reportNoun(target: ReportTarget): 'listing' | 'conversation' {
  return 'listingId' in target ? 'listing' : 'conversation';
}
