import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import type { NotesLinkState } from '../../features/notes/notes-link.ts';
import { RenterTours } from '../../features/tours/components/renter-tours.tsx';
import { draftFromTour } from './notes-draft.ts';

/** /tours: the renter's tours and waitlists. */
export function Component() {
  return (
    <Page title="Your tours">
      <PageHeader
        title="Your tours"
        description="Viewings you have booked, in each apartment's local time, and the waitlists you are on."
        actions={
          <Link to={paths.search.href()} className={buttonClass('secondary')}>
            Browse apartments
          </Link>
        }
      />
      <RenterTours
        listingHref={paths.listing.href}
        searchHref={paths.search.href()}
        notesLink={(tour) => (
          <Link
            to={paths.notes.href({ tour: tour.id })}
            state={{ newNote: draftFromTour(tour) } satisfies NotesLinkState}
            className={buttonClass('ghost', 'sm')}
            aria-label={`Notes on the viewing of ${tour.listing.title}`}
          >
            Notes
          </Link>
        )}
      />
    </Page>
  );
}
