import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Invoice,
  InvoiceSchema,
  InvoiceSummary,
  InvoicesResponseSchema,
} from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** `GET /api/billing/invoices`: the landlord's invoices, newest first. */
export async function fetchInvoices(signal?: AbortSignal): Promise<InvoiceSummary[]> {
  const { items } = await apiAnswer<typeof InvoicesResponseSchema>(
    '/api/billing/invoices',
    signal ? { signal } : {},
  );
  return items;
}

export function useInvoices() {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.invoices,
      queryFn: ({ signal }) => fetchInvoices(signal),
    }),
  );
}

/** `GET /api/billing/invoices/{id}`: one invoice with its lines (another landlord's: 404). */
export function fetchInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return apiAnswer<typeof InvoiceSchema>(
    `/api/billing/invoices/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
}

export function useInvoice(id: string) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.invoice(id),
      queryFn: ({ signal }) => fetchInvoice(id, signal),
    }),
  );
}
