import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useInvoice } from '../../features/billing/api/get-invoices.ts';
import { InvoiceView } from '../../features/billing/components/invoice-view.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/** /landlord/billing/invoices/:id: one invoice, printable (Print / Save as PDF). */
export function Component() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  return (
    <Page title={invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice'}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={paths.landlordBilling.href()}
          className="text-sm font-semibold text-brand-800 hover:underline"
        >
          ← Billing
        </Link>
        {invoice.data ? (
          <Button variant="secondary" onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        ) : null}
      </div>
      {invoice.data ? null : <h1 className="sr-only">Invoice</h1>}
      {invoice.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner size="lg" label="Loading the invoice" />
        </div>
      ) : invoice.isError ? (
        <div className="flex flex-col items-start gap-4">
          <Alert>{errorMessage(invoice.error)}</Alert>
          <Link to={paths.landlordBilling.href()} className={buttonClass('secondary')}>
            Back to billing
          </Link>
        </div>
      ) : (
        <InvoiceView invoice={invoice.data} />
      )}
    </Page>
  );
}
