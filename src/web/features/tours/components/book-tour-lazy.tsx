import { lazy, Suspense, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { BOOK_TOUR_ANCHOR } from './book-tour-link.ts';
import type { SignInLink } from './book-tour-section.tsx';

/*
 * The listing page's tour section. Only this small file is in the listing page's first load: the
 * booking itself (with zod, which parses the API's answers) is fetched when the section nears
 * the viewport, or at once when the page was opened on #book-tour (back from signing in).
 */
const BookTourSection = lazy(() => import('./book-tour-section.tsx'));

export type TourViewer = 'renter' | 'visitor' | 'owner' | 'landlord' | 'other';

type BookTourLazyProps = {
  listingId: string;
  viewer: TourViewer;
  signIn: (start?: string) => SignInLink;
  toursHref: string;
  /** The owner's way to their tour hours. */
  availabilityHref: string;
};

function Loading() {
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner size="md" label="Loading tour times" />
    </div>
  );
}

export function BookTourLazy({
  listingId,
  viewer,
  signIn,
  toursHref,
  availabilityHref,
}: BookTourLazyProps) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  const books = viewer === 'renter' || viewer === 'visitor';
  const near = useNearViewport(ref, { hash: `#${BOOK_TOUR_ANCHOR}` });
  return (
    <section
      ref={ref}
      id={BOOK_TOUR_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col gap-3 border-t border-stone-200 pt-6 print:hidden"
    >
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        {books ? 'Book a tour' : 'Tours'}
      </h2>
      {viewer === 'owner' ? (
        <p className="text-stone-700">
          Renters book tours of this apartment here, in the hours you set.{' '}
          <Link to={availabilityHref} className="font-semibold text-brand-800 underline">
            Set your tour hours
          </Link>{' '}
          or see{' '}
          <Link to="/landlord/tours" className="font-semibold text-brand-800 underline">
            your tours
          </Link>
          .
        </p>
      ) : null}
      {viewer === 'landlord' || viewer === 'other' ? (
        <p className="text-stone-700">Renters book tours of this apartment here.</p>
      ) : null}
      {books ? (
        near ? (
          <Suspense fallback={<Loading />}>
            <BookTourSection
              listingId={listingId}
              viewer={viewer}
              signIn={signIn}
              toursHref={toursHref}
            />
          </Suspense>
        ) : (
          <Loading />
        )
      ) : null}
    </section>
  );
}
