import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReportResponseSchema } from '../../../../shared/schemas/admin.ts';
import type { REPORT_RESOLUTIONS } from '../../../../shared/schemas/reports.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { refreshAdmin } from './admin-keys.ts';

export type Resolution = (typeof REPORT_RESOLUTIONS)[number];

/** `POST /api/admin/reports/{id}/resolve` `{ resolution, note? }`. */
export function resolveReport(id: string, resolution: Resolution, note: string) {
  const trimmed = note.trim();
  return api(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    body: trimmed ? { resolution, note: trimmed } : { resolution },
    parse: (data) => asAnswer<typeof AdminReportResponseSchema>(data).report,
  });
}

/** Resolves a report, then refreshes the queue, the counts and the audit log. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution, note }: { id: string; resolution: Resolution; note: string }) =>
      resolveReport(id, resolution, note),
    onSettled: () => refreshAdmin(queryClient),
  });
}
