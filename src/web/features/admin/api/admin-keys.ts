import type { QueryClient } from '@tanstack/react-query';

/** What the reports queue is asked for. */
export type ReportStatusFilter = 'open' | 'resolved';

/**
 * Every admin query key starts with 'admin': after any moderation action one invalidation
 * refreshes the counts, every list and the audit log at once.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  reports: (status: ReportStatusFilter) => ['admin', 'reports', status] as const,
  report: (id: string) => ['admin', 'report', id] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  listings: (q: string) => ['admin', 'listings', q] as const,
  audit: ['admin', 'audit'] as const,
};

/** `?q=…&cursor=…` for the admin lists (blank parts left out). */
export function listQuery(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value.trim() !== '') search.set(key, value.trim());
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * After a moderation action: refetch the counts, the lists and the audit log. An open report's
 * detail is left alone: reading a conversation again would log another access.
 */
export function refreshAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: adminKeys.all,
    predicate: (query) => query.queryKey[1] !== 'report',
  });
}
