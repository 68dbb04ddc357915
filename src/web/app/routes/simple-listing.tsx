import { Link, useParams } from 'react-router';
import { listingTitle } from '../../../shared/listing-head.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { paths } from '../../config/paths.ts';
import { usePublicConfig } from '../../features/chatbot/api/get-public-config.ts';
import { useListing } from '../../features/listings/api/listings-api.ts';
import {
  listingAddress,
  listingFacts,
} from '../../features/listings/components/listing-details.tsx';
import { ListingHead } from '../../features/listings/components/listing-head.tsx';
import { ListingPhoto } from '../../features/listings/components/listing-photo.tsx';
import {
  ListingLoading,
  ListingNotFound,
} from '../../features/listings/components/listing-status.tsx';
import { costBreakdown } from '../../features/listings/costs.ts';
import { amenityName, feeName, formatMoney } from '../../features/listings/format.ts';
import { errorMessage } from '../../lib/api-client.ts';

/** /simple-listing/{id}: a one-page, printable summary of a listing. */
export function Component() {
  const { id = '' } = useParams();
  const query = useListing(id);
  const config = usePublicConfig({ enabled: true });
  if (query.isPending) return <ListingLoading />;
  // A failed refetch keeps the listing on screen (the page may have arrived with it).
  if (query.isError && query.data === undefined) {
    return (
      <Page title="Listing">
        <h1 className="mb-4 text-2xl font-bold text-stone-900">Listing</h1>
        <Alert>{errorMessage(query.error)}</Alert>
      </Page>
    );
  }
  if (query.data === null) return <ListingNotFound />;
  const listing = query.data;
  const costs =
    listing.rentCents === null ? null : costBreakdown(listing.rentCents, listing.fees, feeName);
  return (
    <Page title={`${listingTitle(listing)} (summary)`} width="narrow">
      <ListingHead listing={listing} site={config.data?.siteUrl} />
      <article className="flex flex-col gap-4 print:text-black">
        <div className="flex items-start justify-between gap-4 print:hidden">
          <Link
            to={paths.listing.href(listing.id)}
            className="text-sm font-semibold text-brand-800 underline"
          >
            Full listing
          </Link>
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            Print
          </Button>
        </div>
        <h1 className="text-2xl font-bold text-stone-900">{listing.title}</h1>
        <p className="text-stone-700">{listingAddress(listing)}</p>
        <div className="w-64 overflow-hidden rounded-lg">
          <ListingPhoto photo={listing.photos[0] ?? null} alt="" sizes="256px" priority />
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="font-semibold text-stone-900">Rent</dt>
          <dd className="text-stone-800">
            {listing.rentCents === null ? 'On request' : `${formatMoney(listing.rentCents)}/mo`}
          </dd>
          {listing.netEffectiveRentCents !== null &&
          listing.netEffectiveRentCents !== listing.rentCents ? (
            <>
              <dt className="font-semibold text-stone-900">Net effective</dt>
              <dd className="text-stone-800">{formatMoney(listing.netEffectiveRentCents)}/mo</dd>
            </>
          ) : null}
          {costs ? (
            <>
              <dt className="font-semibold text-stone-900">Monthly total</dt>
              <dd className="text-stone-800">{formatMoney(costs.monthlyTotalCents)}</dd>
              <dt className="font-semibold text-stone-900">To move in</dt>
              <dd className="text-stone-800">{formatMoney(costs.moveInTotalCents)}</dd>
            </>
          ) : null}
          {listingFacts(listing).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-stone-900">{label}</dt>
              <dd className="text-stone-800">{value}</dd>
            </div>
          ))}
        </dl>
        {listing.amenities.length > 0 ? (
          <p className="text-sm text-stone-800">
            <span className="font-semibold text-stone-900">Amenities: </span>
            {listing.amenities.map(amenityName).join(', ')}
          </p>
        ) : null}
        <p className="text-sm text-stone-800">
          <span className="font-semibold text-stone-900">Landlord: </span>
          {listing.landlord.name}. No broker fee.
        </p>
        {listing.description ? (
          <p className="whitespace-pre-line text-sm text-stone-800">{listing.description}</p>
        ) : null}
      </article>
    </Page>
  );
}
