import { Link, useLocation, useParams } from 'react-router';
import { listingTitle } from '../../../shared/listing-head.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApplyLazy, OwnerApplicationsLazy } from '../../features/apply/components/apply-lazy.tsx';
import { APPLY_ANCHOR } from '../../features/apply/components/apply-link.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { usePublicConfig } from '../../features/chatbot/api/get-public-config.ts';
import { useListing } from '../../features/listings/api/listings-api.ts';
import { ListingDetails } from '../../features/listings/components/listing-details.tsx';
import { ListingHead } from '../../features/listings/components/listing-head.tsx';
import {
  ListingLoading,
  ListingNotFound,
} from '../../features/listings/components/listing-status.tsx';
import { OwnerListingActions } from '../../features/listings/components/owner-actions.tsx';
import { SimilarListings } from '../../features/listings/components/similar-listings.tsx';
import { ListingLocationSection } from '../../features/map/components/listing-location-lazy.tsx';
import { MessageLandlordButton } from '../../features/messaging/components/message-landlord-button.tsx';
import { useNotes } from '../../features/notes/components/notes-provider.tsx';
import type { NotesLinkState } from '../../features/notes/notes-link.ts';
import { ReportButton } from '../../features/reports/components/report-button.tsx';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { BookTourLazy, type TourViewer } from '../../features/tours/components/book-tour-lazy.tsx';
import {
  BOOK_TOUR_ANCHOR,
  TOUR_START_PARAM,
} from '../../features/tours/components/book-tour-link.ts';
import { errorMessage } from '../../lib/api-client.ts';
import type { FromState } from '../guards/redirect-state.ts';

/** The listing page, shared by /listings/{id} and its phone layout /listings/{id}/mobile. */
export function ListingPage({ layout }: { layout: 'desktop' | 'mobile' }) {
  const { id = '' } = useParams();
  const listing = useListing(id);
  const { user, isLandlord, isRenter, isAdmin } = useAuth();
  const location = useLocation();
  const { notes } = useNotes();
  const config = usePublicConfig({ enabled: true });
  if (listing.isPending) return <ListingLoading />;
  // A failed refetch keeps the listing on screen (the page may have arrived with it).
  if (listing.isError && listing.data === undefined) {
    return (
      <Page title="Listing">
        <h1 className="mb-4 text-2xl font-bold text-stone-900">Listing</h1>
        <Alert>{errorMessage(listing.error)}</Alert>
      </Page>
    );
  }
  if (listing.data === null) return <ListingNotFound />;
  const data = listing.data;
  const isOwner = user !== null && user.id === data.landlord.id;
  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  const tourViewer: TourViewer =
    user === null
      ? 'visitor'
      : isOwner
        ? 'owner'
        : isRenter
          ? 'renter'
          : isLandlord
            ? 'landlord'
            : 'other';
  const bookTourLink =
    tourViewer === 'renter' || tourViewer === 'visitor' ? (
      <a href={`#${BOOK_TOUR_ANCHOR}`} className={buttonClass('secondary')}>
        Book a tour
      </a>
    ) : null;
  // A renter's own notes on this listing (issue 15), and a new one started with its address.
  const myNotes = notes.filter((note) => note.listingId === data.id).length;
  const notesLinks =
    tourViewer === 'renter' ? (
      <>
        <Link to={paths.notes.href({ listing: data.id })} className={buttonClass('ghost', 'sm')}>
          My notes{myNotes > 0 ? ` (${myNotes})` : ''}
        </Link>
        <Link
          to={paths.notes.href({ listing: data.id })}
          state={
            {
              newNote: {
                propertyAddress: data.address ?? data.title,
                unitNumber: data.unit ?? '',
                listingId: data.id,
              },
            } satisfies NotesLinkState
          }
          className={buttonClass('ghost', 'sm')}
        >
          Add a note
        </Link>
      </>
    ) : null;
  const print = isLandlord ? (
    // docs/spec.md §6 confinement sends landlords away from /simple-listing/{id}: they print this
    // page instead (its print styles drop the navigation and the buttons).
    <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => window.print()}>
      Print
    </button>
  ) : (
    <Link to={paths.simpleListing.href(data.id)} className={buttonClass('ghost', 'sm')}>
      Printable summary
    </Link>
  );
  // Renters and landlords report listings they do not own; a visitor signs in first. Admins
  // moderate from /admin instead.
  const report =
    isOwner || isAdmin ? null : (
      <ReportButton
        target={{ listingId: data.id }}
        label="Report listing"
        signIn={
          user === null
            ? { to: paths.login.href(), state: { from } satisfies FromState }
            : undefined
        }
        className="text-stone-700"
      />
    );
  // Issue 28: renters apply (a visitor signs in first and comes back to the dialog); the owner
  // sees how many applied.
  const apply = isOwner ? (
    <OwnerApplicationsLazy listingId={data.id} />
  ) : tourViewer === 'renter' || tourViewer === 'visitor' ? (
    <ApplyLazy
      listingId={data.id}
      listingTitle={data.title}
      rentCents={data.rentCents}
      viewer={tourViewer}
      signIn={{
        to: paths.login.href(),
        state: { from: { ...from, hash: `#${APPLY_ANCHOR}` } } satisfies FromState,
      }}
    />
  ) : null;
  return (
    <Page title={listingTitle(data)} width={layout === 'desktop' ? 'wide' : 'narrow'}>
      <ListingHead listing={data} site={config.data?.siteUrl} />
      <ListingDetails
        listing={data}
        layout={layout}
        // Owners manage their listing; they neither save it (it would inflate its Saves) nor
        // message themselves.
        contactAction={
          isOwner ? (
            <>
              <OwnerListingActions listing={data} />
              {print}
            </>
          ) : (
            <>
              <MessageLandlordButton
                landlordId={data.landlord.id}
                listingId={data.id}
                userId={user?.id ?? null}
                signIn={{ to: paths.login.href(), state: { from } satisfies FromState }}
              />
              {bookTourLink}
              {notesLinks}
              {print}
              {report}
            </>
          )
        }
        apply={apply}
        saveAction={
          isOwner ? null : <SaveButton listingId={data.id} title={data.title} variant="full" />
        }
        location={
          <ListingLocationSection
            listing={data}
            ready={config.isSuccess || config.isError}
            styleUrl={config.data?.map?.styleUrl ?? null}
          />
        }
        tours={
          <BookTourLazy
            listingId={data.id}
            viewer={tourViewer}
            // Back from signing in, the page opens on the booking section (and the chosen time).
            signIn={(start) => ({
              to: paths.login.href(),
              state: {
                from: {
                  ...from,
                  search: start ? `?${new URLSearchParams({ [TOUR_START_PARAM]: start })}` : '',
                  hash: `#${BOOK_TOUR_ANCHOR}`,
                },
              } satisfies FromState,
            })}
            toursHref={paths.tours.href()}
            availabilityHref={paths.landlordAvailability.href()}
          />
        }
      />
      {/* Issue 16: up to 6 similar active listings, below the details (none: no section). */}
      <SimilarListings
        listingId={data.id}
        actionFor={(listing) => <SaveButton listingId={listing.id} title={listing.title} />}
      />
    </Page>
  );
}

/** /listings/{id} (desktop; mobile devices are sent to /listings/{id}/mobile). */
export function Component() {
  return <ListingPage layout="desktop" />;
}
