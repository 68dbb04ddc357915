import type { Invoice } from '../../../../shared/schemas/billing.ts';
import { formatCents, formatDate, formatPeriod } from '../format.ts';
import { InvoiceStatusBadge } from './invoice-history.tsx';

const KIND_LABEL = { plan: 'Plan', boost: 'Featured listing', proration: 'Proration' } as const;

/** The sum of the lines: what the total must equal (the server keeps it so). */
export function linesTotal(invoice: Pick<Invoice, 'lines'>): number {
  return invoice.lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** An invoice as a document: the same on screen and on paper (see the print styles). */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const credits = invoice.lines
    .filter((line) => line.amountCents < 0)
    .reduce((sum, line) => sum + line.amountCents, 0);
  const charges = linesTotal(invoice) - credits;
  return (
    <article
      aria-labelledby="invoice-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none"
      data-testid="invoice"
    >
      <header className="flex flex-col gap-4 border-b border-stone-200 pb-6 sm:flex-row sm:justify-between">
        <div>
          <p className="text-xl font-bold text-brand-800">Stoop</p>
          <p className="text-sm text-stone-600">No-fee apartment rentals · New York</p>
        </div>
        <div className="sm:text-right">
          <h1 id="invoice-heading" className="text-lg font-semibold text-stone-900">
            Invoice {invoice.number}
          </h1>
          <p className="mt-1">
            <InvoiceStatusBadge status={invoice.status} />
          </p>
        </div>
      </header>
      <dl className="grid gap-4 border-b border-stone-200 py-6 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">Billed to</dt>
          <dd className="font-medium text-stone-900">{invoice.billedTo.name}</dd>
          <dd className="text-stone-700">{invoice.billedTo.email}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Period</dt>
          <dd className="font-medium text-stone-900">
            {formatPeriod(invoice.periodStart, invoice.periodEnd)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{invoice.paidAt ? 'Paid' : 'Issued'}</dt>
          <dd className="font-medium text-stone-900">
            {invoice.paidAt
              ? formatDate(invoice.paidAt)
              : invoice.issuedAt
                ? formatDate(invoice.issuedAt)
                : 'Not issued yet (draft)'}
          </dd>
        </div>
      </dl>
      <div>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Description
              </th>
              <th
                scope="col"
                className="hidden py-2 pr-4 font-medium sm:table-cell print:table-cell"
              >
                Period
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.id} className="border-b border-stone-100">
                <td className="py-2.5 pr-4 text-stone-900">
                  <span className="block text-xs text-stone-600">{KIND_LABEL[line.kind]}</span>
                  {line.description}
                  {line.periodStart && line.periodEnd ? (
                    <span className="block text-xs text-stone-600 sm:hidden print:hidden">
                      {formatPeriod(line.periodStart, line.periodEnd)}
                    </span>
                  ) : null}
                </td>
                <td className="hidden py-2.5 pr-4 text-stone-700 sm:table-cell print:table-cell">
                  {line.periodStart && line.periodEnd
                    ? formatPeriod(line.periodStart, line.periodEnd)
                    : '—'}
                </td>
                <td className="py-2.5 text-right tabular-nums text-stone-900">
                  {formatCents(line.amountCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-stone-900">
            {credits < 0 ? (
              <>
                <tr>
                  <td className="hidden sm:table-cell print:table-cell" />
                  <th scope="row" className="pt-4 pr-4 text-right font-normal text-stone-700">
                    Charges
                  </th>
                  <td className="pt-4 text-right tabular-nums">{formatCents(charges)}</td>
                </tr>
                <tr>
                  <td className="hidden sm:table-cell print:table-cell" />
                  <th scope="row" className="pr-4 text-right font-normal text-stone-700">
                    Credits
                  </th>
                  <td className="text-right tabular-nums">{formatCents(credits)}</td>
                </tr>
              </>
            ) : null}
            <tr>
              <td className="hidden sm:table-cell print:table-cell" />
              <th scope="row" className="pt-3 pr-4 text-right font-semibold">
                Total
              </th>
              <td
                className="pt-3 text-right text-lg font-bold tabular-nums"
                data-testid="invoice-total"
              >
                {formatCents(invoice.totalCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-8 text-xs text-stone-600">
        Amounts in US dollars. Stoop never charges renters a broker fee.
      </p>
    </article>
  );
}
