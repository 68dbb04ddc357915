import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** One mail from the dev outbox (`GET /api/dev/mailbox`, newest first). */
export type Mail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function parseMailbox(data: unknown): Mail[] {
  const items = (data as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) {
    throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
  }
  return items.map((raw: Record<string, unknown>) => ({
    id: String(raw.id),
    to: text(raw.to),
    subject: text(raw.subject),
    text: text(raw.text),
    html: typeof raw.html === 'string' ? raw.html : null,
    createdAt: text(raw.createdAt),
  }));
}

export const mailboxQueryOptions = queryOptions({
  queryKey: ['dev', 'mailbox'],
  queryFn: () => api('/api/dev/mailbox', { parse: parseMailbox }),
  refetchInterval: 3000,
  staleTime: 0,
  retry: false,
});

export function useMailbox() {
  return useQuery(mailboxQueryOptions);
}
