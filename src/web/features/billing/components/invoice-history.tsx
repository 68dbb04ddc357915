import { Link } from 'react-router';
import type { InvoiceSummary } from '../../../../shared/schemas/billing.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { formatCents, formatDate, formatPeriod, INVOICE_STATUS_LABEL } from '../format.ts';

const STATUS_CLASS: Record<InvoiceSummary['status'], string> = {
  draft: 'bg-stone-100 text-stone-800',
  open: 'bg-amber-100 text-amber-950',
  paid: 'bg-emerald-100 text-emerald-900',
  void: 'bg-stone-100 text-stone-600 line-through',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceSummary['status'] }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STATUS_CLASS[status],
      )}
    >
      {INVOICE_STATUS_LABEL[status]}
    </span>
  );
}

/** The invoice history, newest first; each number opens the invoice. */
export function InvoiceHistory({ invoiceHref }: { invoiceHref: (id: string) => string }) {
  const invoices = useInvoices();
  return (
    <section
      aria-labelledby="invoices-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id="invoices-heading" className="text-lg font-semibold text-stone-900">
        Invoices
      </h2>
      {invoices.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner size="md" label="Loading invoices" />
        </div>
      ) : invoices.isError ? (
        <p className="mt-2 text-sm text-red-700">{errorMessage(invoices.error)}</p>
      ) : invoices.data.length === 0 ? (
        <p className="mt-2 text-stone-600">
          No invoices yet. Upgrading or boosting a listing creates one.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="invoice-table">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Invoice
                </th>
                <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                  Period
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((invoice) => (
                <tr key={invoice.id} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className="py-2.5 pr-4 font-medium">
                    <Link
                      to={invoiceHref(invoice.id)}
                      className="text-brand-800 underline underline-offset-2"
                    >
                      {invoice.number}
                    </Link>
                    <span className="block text-xs font-normal text-stone-600 sm:hidden">
                      {formatPeriod(invoice.periodStart, invoice.periodEnd)}
                    </span>
                    {invoice.issuedAt ? (
                      <span className="block text-xs font-normal text-stone-600">
                        Issued {formatDate(invoice.issuedAt)}
                      </span>
                    ) : null}
                  </th>
                  <td className="hidden py-2.5 pr-4 text-stone-700 sm:table-cell">
                    {formatPeriod(invoice.periodStart, invoice.periodEnd)}
                  </td>
                  <td className="py-2.5 pr-4">
                    <InvoiceStatusBadge status={invoice.status} />
                  </td>
                  <td className="py-2.5 text-right font-medium tabular-nums text-stone-900">
                    {formatCents(invoice.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
