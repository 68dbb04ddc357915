import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListingStatus } from '../../../shared/listings.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import {
  type LandlordListing,
  landlordListingsQueryKey,
  setListingStatus,
  useLandlordListings,
} from '../../features/listing-editor/api/listing-editor-api.ts';
import { errorMessage } from '../../lib/api-client.ts';

const STATUS_LABEL: Record<ListingStatus, string> = {
  draft: 'Draft',
  active: 'Live',
  rented: 'Rented',
  archived: 'Archived',
};
const STATUS_CLASS: Record<ListingStatus, string> = {
  draft: 'bg-stone-100 text-stone-800',
  active: 'bg-brand-100 text-brand-900',
  rented: 'bg-amber-100 text-amber-900',
  archived: 'bg-stone-200 text-stone-700',
};

function money(cents: number | null): string {
  return cents === null
    ? '—'
    : new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      }).format(cents / 100);
}

/** Which status actions a listing offers (the API's allowed transitions). */
function actionsFor(status: ListingStatus): Array<[ListingStatus, string]> {
  switch (status) {
    case 'draft':
      return [
        ['active', 'Publish'],
        ['archived', 'Archive'],
      ];
    case 'active':
      return [
        ['rented', 'Mark rented'],
        ['archived', 'Archive'],
      ];
    case 'rented':
      return [
        ['active', 'Relist'],
        ['archived', 'Archive'],
      ];
    case 'archived':
      return [['draft', 'Restore as draft']];
  }
}

/** /landlord/listings: every listing of the landlord with status, counts and actions. */
export function Component() {
  const listings = useLandlordListings();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const change = async (listing: LandlordListing, status: ListingStatus) => {
    setBusy(listing.id);
    try {
      await setListingStatus(listing.id, status);
      toast.success(`"${listing.title}" is now ${STATUS_LABEL[status].toLowerCase()}.`);
      await queryClient.invalidateQueries({ queryKey: landlordListingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page title="Your listings" width="wide">
      <PageHeader
        title="Your listings"
        description="Apartments you list on Stoop."
        actions={
          <Link to={paths.listingCreate.href()} className={buttonClass('primary')}>
            New listing
          </Link>
        }
      />
      {listings.isPending ? (
        <FullPageStatus message="Loading listings..." />
      ) : listings.isError ? (
        <Alert>{errorMessage(listings.error)}</Alert>
      ) : listings.data.length === 0 ? (
        <EmptyState
          title="No listings yet"
          action={
            <Link to={paths.listingCreate.href()} className={buttonClass('primary')}>
              Create your first listing
            </Link>
          }
        >
          <p>List an apartment in a few steps. It costs nothing and renters pay no broker fee.</p>
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your listings</caption>
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Listing
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Rent
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Views
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Saves
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {listings.data.map((listing) => (
                <tr key={listing.id} className="border-t border-stone-100">
                  <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                    {listing.status === 'draft' ? (
                      listing.title
                    ) : (
                      <Link to={paths.listing.href(listing.id)} className="hover:underline">
                        {listing.title}
                      </Link>
                    )}
                  </th>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[listing.status]}`}
                    >
                      {STATUS_LABEL[listing.status]}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-stone-800">{money(listing.rentCents)}</td>
                  <td className="px-4 py-3 text-right text-stone-800">{listing.viewCount}</td>
                  <td className="px-4 py-3 text-right text-stone-800">{listing.saveCount}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-1">
                      <Link
                        to={`${paths.listingCreate.href()}?id=${encodeURIComponent(listing.id)}`}
                        className={buttonClass('ghost', 'sm')}
                        aria-label={`Edit ${listing.title}`}
                      >
                        Edit
                      </Link>
                      {actionsFor(listing.status).map(([status, label]) => (
                        <Button
                          key={status}
                          variant="ghost"
                          size="sm"
                          disabled={busy === listing.id}
                          onClick={() => void change(listing, status)}
                          aria-label={`${label} ${listing.title}`}
                        >
                          {label}
                        </Button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
