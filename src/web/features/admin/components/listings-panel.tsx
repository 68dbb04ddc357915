import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminListing } from '../../../../shared/schemas/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminListings } from '../api/get-listings.ts';
import { type ListingAction, useListingAction } from '../api/listing-action.ts';
import { formatNyDate, listingStateLabel, plural } from '../format.ts';
import {
  AdminTable,
  Badge,
  type BadgeTone,
  CardField,
  PagedListFrame,
  SearchBox,
} from './admin-ui.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type ListingsPanelProps = { q: string; onSearch: (q: string) => void };

const DONE: Record<ListingAction['action'], string> = {
  unpublish: 'is taken down',
  restore: 'is restored',
  feature: '',
};

/** Every listing in any state: take down (with a reason), restore, feature or unfeature. */
export function ListingsPanel({ q, onSearch }: ListingsPanelProps) {
  const query = useAdminListings(q);
  const listings = query.data?.pages.flatMap((page) => page.items) ?? [];
  const action = useListingAction();
  const toast = useToast();
  const [unpublishing, setUnpublishing] = useState<AdminListing | null>(null);

  // Awaited, not mutate's callbacks: a live event's refetch can unmount the panel before they run.
  const run = async (listing: AdminListing, request: ListingAction, after?: () => void) => {
    try {
      const updated = await action.mutateAsync({ id: listing.id, request });
      const verb =
        request.action === 'feature'
          ? updated.featured
            ? 'is featured'
            : 'is no longer featured'
          : DONE[request.action];
      toast.success(`“${listing.title}” ${verb}.`);
      after?.();
    } catch (error) {
      // The take-down dialog shows its own error; the row buttons use a toast.
      if (request.action !== 'unpublish') toast.error(errorMessage(error));
    }
  };

  const busyFor = (listing: AdminListing) =>
    action.isPending && action.variables?.id === listing.id;

  const actionsFor = (listing: AdminListing, wide = false) => {
    const size = 'sm' as const;
    const cls = wide ? 'flex-1' : undefined;
    if (listing.unpublishedAt) {
      return (
        <Button
          variant="secondary"
          size={size}
          className={cls}
          pending={busyFor(listing)}
          onClick={() => run(listing, { action: 'restore' })}
        >
          Restore<span className="sr-only"> {listing.title}</span>
        </Button>
      );
    }
    return (
      <>
        {listing.status === 'active' ? (
          <Button
            variant="secondary"
            size={size}
            className={cls}
            disabled={action.isPending}
            onClick={() => run(listing, { action: 'feature', featured: !listing.featured })}
          >
            {listing.featured ? 'Unfeature' : 'Feature'}
            <span className="sr-only"> {listing.title}</span>
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size={size}
          className={cls}
          onClick={() => {
            action.reset();
            setUnpublishing(listing);
          }}
        >
          Take down<span className="sr-only"> {listing.title}</span>
        </Button>
      </>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        label="Search listings"
        placeholder="Title, address or landlord"
        value={q}
        onSearch={onSearch}
      />
      <PagedListFrame
        query={query}
        count={listings.length}
        loadingLabel="Loading listings"
        empty={
          <EmptyState title={q ? `No listings match “${q}”` : 'No listings yet'}>
            {q ? 'Search by title, street address, or the landlord’s name or email.' : null}
          </EmptyState>
        }
      >
        <AdminTable caption="Listings" columns={['Listing', 'Landlord', 'Created', 'State']}>
          {listings.map((listing) => (
            <tr key={listing.id} data-testid="listing-row" className="align-top">
              <td className="max-w-xs px-4 py-3">
                <ListingTitle listing={listing} />
              </td>
              <td className="px-4 py-3">
                <p className="font-medium text-stone-900">{listing.landlord.name}</p>
                <p className="break-all text-stone-600">{listing.landlord.email}</p>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                {formatNyDate(listing.createdAt)}
              </td>
              <td className="px-4 py-3">
                <ListingBadges listing={listing} />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">{actionsFor(listing)}</div>
              </td>
            </tr>
          ))}
        </AdminTable>
        <ul className="flex flex-col gap-3 md:hidden" aria-label="Listings">
          {listings.map((listing) => (
            <li
              key={listing.id}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
              data-testid="listing-card"
            >
              <ListingTitle listing={listing} />
              <div className="mt-2">
                <ListingBadges listing={listing} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-3">
                <CardField label="Landlord">{listing.landlord.name}</CardField>
                <CardField label="Created">{formatNyDate(listing.createdAt)}</CardField>
              </dl>
              <div className="mt-3 flex gap-2">{actionsFor(listing, true)}</div>
            </li>
          ))}
        </ul>
      </PagedListFrame>

      {unpublishing ? (
        <ReasonDialog
          title={`Take down “${unpublishing.title}”?`}
          confirmLabel="Take down listing"
          placeholder="e.g. Asks for a deposit before any viewing"
          pending={action.isPending}
          error={action.error ? errorMessage(action.error) : null}
          onConfirm={(reason) =>
            run(unpublishing, { action: 'unpublish', reason }, () => setUnpublishing(null))
          }
          onClose={() => setUnpublishing(null)}
        >
          <p>
            By {unpublishing.landlord.name}. It leaves search, its page and everyone’s saved
            listings at once.
          </p>
          <p>The landlord cannot publish it again until an admin restores it.</p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

function ListingTitle({ listing }: { listing: AdminListing }) {
  return (
    <div className="min-w-0">
      <Link
        to={paths.listing.href(listing.id)}
        className="font-medium break-words text-brand-800 underline-offset-2 hover:underline"
      >
        {listing.title}
      </Link>
      {listing.address ? (
        <p className="text-sm break-words text-stone-600">{listing.address}</p>
      ) : null}
    </div>
  );
}

const STATE_TONES: Record<string, BadgeTone> = {
  Active: 'good',
  Draft: 'neutral',
  'Taken down': 'bad',
};

function ListingBadges({ listing }: { listing: AdminListing }) {
  const state = listingStateLabel(listing);
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone={STATE_TONES[state] ?? 'neutral'}>{state}</Badge>
      {listing.featured ? <Badge tone="brand">Featured</Badge> : null}
      {listing.openReports > 0 ? (
        <Badge tone="warn">{plural(listing.openReports, 'open report')}</Badge>
      ) : null}
    </div>
  );
}
