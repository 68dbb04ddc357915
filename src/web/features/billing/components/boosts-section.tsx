import { type FormEvent, useState } from 'react';
import {
  BOOST_MAX_DAYS,
  BOOST_MIN_DAYS,
  BOOST_PRICE_PER_DAY_CENTS,
} from '../../../../shared/billing-plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { ListingCombobox } from '../../../components/ui/listing-combobox.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBoostableListings, useBoosts, useBuyBoost } from '../api/boosts.ts';
import { boostPriceCents, formatCents, formatDate } from '../format.ts';
import { PaymentsOffNotice } from './payments-off.tsx';

const DAYS_MESSAGE = `Choose between ${BOOST_MIN_DAYS} and ${BOOST_MAX_DAYS} days.`;

/** Whole days within the bounds, or null. */
export function parseBoostDays(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const days = Number(value);
  return days >= BOOST_MIN_DAYS && days <= BOOST_MAX_DAYS ? days : null;
}

function BuyBoostForm({ hasCard }: { hasCard: boolean }) {
  const listings = useBoostableListings();
  const buy = useBuyBoost();
  const toast = useToast();
  const [listingId, setListingId] = useState('');
  const [daysText, setDaysText] = useState('7');
  const [errors, setErrors] = useState<{ listing?: string; days?: string }>({});
  const days = parseBoostDays(daysText);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(listingId ? {} : { listing: 'Choose a listing to feature.' }),
      ...(days === null ? { days: DAYS_MESSAGE } : {}),
    };
    setErrors(next);
    if (next.listing) document.getElementById('boost-listing')?.focus();
    else if (next.days) document.getElementById('boost-days')?.focus();
    if (!listingId || days === null) return;
    // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
    try {
      const boost = await buy.mutateAsync({ listingId, days });
      toast.success(`${boost.listingTitle} is featured until ${formatDate(boost.endsAt)}.`);
    } catch {
      // Shown by the form (the mutation's error).
    }
  };

  if (listings.isError)
    return <p className="text-sm text-red-700">{errorMessage(listings.error)}</p>;
  const items = listings.data ?? [];
  if (listings.isSuccess && items.length === 0) {
    return <p className="text-stone-600">Publish a listing to feature it.</p>;
  }
  return (
    <Form label="Feature a listing" error={buy.error} onSubmit={submit} className="max-w-md">
      <ListingCombobox
        id="boost-listing"
        label="Listing"
        listings={items}
        value={listingId}
        onChange={setListingId}
        placeholder={listings.isPending ? 'Loading your listings…' : 'Choose a live listing'}
        error={errors.listing}
        disabled={listings.isPending}
      />
      <TextField
        id="boost-days"
        label="Days"
        type="number"
        inputMode="numeric"
        min={BOOST_MIN_DAYS}
        max={BOOST_MAX_DAYS}
        value={daysText}
        onChange={(event) => setDaysText(event.target.value)}
        hint={`${BOOST_MIN_DAYS} to ${BOOST_MAX_DAYS} days at ${formatCents(BOOST_PRICE_PER_DAY_CENTS)} a day.`}
        error={errors.days}
      />
      <p className="text-stone-900" aria-live="polite" data-testid="boost-price">
        {days === null
          ? DAYS_MESSAGE
          : `Total: ${formatCents(boostPriceCents(days, BOOST_PRICE_PER_DAY_CENTS))} for ${days} day${days === 1 ? '' : 's'}, charged now.`}
      </p>
      {hasCard ? null : (
        <p className="text-sm text-amber-900">
          Add a card below first: a boost is charged at once.
        </p>
      )}
      <Button type="submit" pending={buy.isPending} className="self-start">
        Feature listing
      </Button>
    </Form>
  );
}

/**
 * Featured placement: buy a boost (not with payments off), and the boosts running or waiting,
 * with their end.
 */
export function BoostsSection({
  hasCard,
  paymentsOff = false,
}: {
  hasCard: boolean;
  paymentsOff?: boolean;
}) {
  const boosts = useBoosts();
  const current = (boosts.data ?? []).filter(
    (boost) => boost.status === 'active' || boost.status === 'pending_payment',
  );
  return (
    <section
      aria-labelledby="boosts-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="boosts"
    >
      <h2 id="boosts-heading" className="text-lg font-semibold text-stone-900">
        Featured listings
      </h2>
      <p className="mt-1 text-stone-600">
        A featured listing shows on the Featured page and the home page, and first among equal
        search results, labelled as featured. It ends by itself.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {paymentsOff ? (
          <PaymentsOffNotice className="self-start" brief />
        ) : (
          <BuyBoostForm hasCard={hasCard} />
        )}
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
            Running now
          </h3>
          {boosts.isError ? (
            <p className="mt-2 text-sm text-red-700">{errorMessage(boosts.error)}</p>
          ) : boosts.isPending ? (
            <p className="mt-2 text-stone-600">Loading…</p>
          ) : current.length === 0 ? (
            <p className="mt-2 text-stone-600">No listing is featured right now.</p>
          ) : (
            <ul
              className="mt-2 flex flex-col divide-y divide-stone-100"
              data-testid="active-boosts"
            >
              {current.map((boost) => (
                <li key={boost.id} className="py-2">
                  <p className="font-medium text-stone-900">{boost.listingTitle}</p>
                  <p className="text-sm text-stone-600">
                    {boost.status === 'pending_payment'
                      ? 'Waiting for payment'
                      : `Featured until ${formatDate(boost.endsAt)}`}{' '}
                    · {boost.days} day{boost.days === 1 ? '' : 's'} ·{' '}
                    {formatCents(boost.amountCents)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
