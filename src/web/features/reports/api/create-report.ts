import { useMutation } from '@tanstack/react-query';
import type { CreatedReportSchema, CreateReportInput } from '../../../../shared/schemas/reports.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';

/** `POST /api/reports` `{ listingId | conversationId, reason, details? }` → `{ report }`. */
export function createReport(input: CreateReportInput) {
  return api('/api/reports', {
    method: 'POST',
    body: input,
    parse: (data) => asAnswer<typeof CreatedReportSchema>(data).report,
  });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
