import { useMutation } from '@tanstack/react-query';
import { CreatedReportSchema, type CreateReportInput } from '../../../../shared/schemas/reports.ts';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/reports` `{ listingId | conversationId, reason, details? }` → `{ report }`. */
export function createReport(input: CreateReportInput) {
  return api('/api/reports', {
    method: 'POST',
    body: input,
    parse: (data) => CreatedReportSchema.parse(data).report,
  });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
