import { PAYMENTS_OFF_HELP, PAYMENTS_OFF_MESSAGE } from '../../../../shared/billing-plans.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * Payments are off on this site (subscription `mode: 'off'`: production with neither Stripe nor
 * billing's test mode). Said in words where a card form, an upgrade or a checkout would be.
 */
export function PaymentsOffNotice({
  className,
  brief = false,
}: {
  className?: string;
  /** Under the page's own notice: the message alone, not its explanation again. */
  brief?: boolean;
}) {
  return (
    <div
      className={cn(
        'rounded-lg border border-stone-300 bg-stone-50 px-4 py-3 text-stone-800',
        className,
      )}
      data-testid="payments-off"
    >
      <p className="font-semibold">{PAYMENTS_OFF_MESSAGE}</p>
      {brief ? null : <p className="mt-1 text-sm">{PAYMENTS_OFF_HELP}</p>}
    </div>
  );
}
