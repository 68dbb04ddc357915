import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useNotes } from '../../features/notes/components/notes-provider.tsx';
import { NotesView } from '../../features/notes/components/notes-view.tsx';
import type { NotesLinkState } from '../../features/notes/notes-link.ts';
import type { NoteDraft } from '../../features/notes/notes-store.ts';
import { toursQueryOptions } from '../../features/tours/api/get-tours.ts';
import { draftFromTour } from './notes-draft.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /notes (issue 15): the renter's viewing notes. `?listing=<id>` shows those on one listing
 * (the listing page's "My notes"); `?tour=<id>` starts a note on that tour. A link's state may
 * carry the new note's values, so they are there offline too.
 */
export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { notes } = useNotes();
  const { isRenter } = useAuth();
  const listingParam = params.get('listing');
  const listingId = listingParam && UUID.test(listingParam) ? listingParam : null;
  const tourId = params.get('tour');
  const linked = (location.state as NotesLinkState | null)?.newNote ?? null;
  // Only when the link did not bring the values (a reload, a shared link).
  const tours = useQuery({
    ...toursQueryOptions({ scope: 'all' }),
    enabled: isRenter && tourId !== null && linked === null,
  });
  const tour = tourId && !linked ? tours.data?.find((t) => t.id === tourId) : undefined;
  const compose = linked ?? (tour ? draftFromTour(tour) : null);
  // A new note on the listing being shown takes the address its other notes have.
  const sameListing = listingId ? notes.find((n) => n.listingId === listingId) : undefined;
  const newNotePrefill: NoteDraft | null =
    linked ??
    (listingId
      ? {
          propertyAddress: sameListing?.propertyAddress ?? '',
          unitNumber: sameListing?.unitNumber ?? '',
          listingId,
        }
      : null);
  return (
    <Page title="Your viewing notes" width="wide">
      <PageHeader
        title="Your viewing notes"
        description="Private notes on the apartments you see: what you liked, what to ask, photos. They work offline and sync to your account."
      />
      {!isRenter ? (
        <EmptyState title="Notes are for renter accounts">
          Viewing notes belong to a renter's apartment hunt. Sign in with a renter account to keep
          notes on the places you see.
        </EmptyState>
      ) : (
        <NotesView
          // A tour found after the first render opens its form: a new key starts the view anew.
          key={compose ? 'compose' : 'list'}
          listingId={listingId}
          compose={compose}
          newNotePrefill={newNotePrefill}
          listingHref={paths.listing.href}
          allNotesHref={paths.notes.href()}
        />
      )}
    </Page>
  );
}
