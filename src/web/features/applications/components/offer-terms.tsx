import type { Offer } from '../../../../shared/schemas/applications.ts';
import { formatMoney } from '../../../lib/format.ts';
import { dayText } from '../words.ts';

/** The offer's terms, every fee the renter pays itemized (FARE Act). */
export function OfferTerms({ offer }: { offer: Offer }) {
  const rows: Array<[string, string]> = [
    ['Rent', `${formatMoney(offer.rentCents)} a month`],
    ['Security deposit', formatMoney(offer.depositCents)],
    ['Lease start', dayText(offer.leaseStart)],
    ['Lease length', `${offer.leaseMonths} month${offer.leaseMonths === 1 ? '' : 's'}`],
  ];
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-stone-600">{term}</dt>
            <dd className="font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="font-medium text-stone-900">Fees</p>
        {offer.fees.length === 0 ? (
          <p className="text-stone-700">No fees.</p>
        ) : (
          <ul aria-label="Fees" className="mt-1 flex flex-col gap-1">
            {offer.fees.map((fee, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an offer's fees never change
              <li key={index} className="flex justify-between gap-4 text-stone-800">
                <span className="min-w-0 break-words">{fee.name}</span>
                <span className="shrink-0 font-medium">{formatMoney(fee.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
