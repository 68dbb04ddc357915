import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplicationPages } from '../api/get-applications.ts';
import { RenterApplicationCard } from './renter-application-card.tsx';

/** /applications: every application the renter sent, newest first, each with what to do now. */
export function RenterApplications() {
  const pages = useApplicationPages('renter');
  if (pages.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 py-6 text-stone-700">
        <Spinner /> Loading your applications…
      </p>
    );
  }
  if (pages.data === undefined) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>Your applications could not be loaded. {errorMessage(pages.error)}</Alert>
        <Button variant="secondary" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title="No applications yet"
        action={
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={paths.search.href()} className={buttonClass('primary')}>
              Find an apartment
            </Link>
            <Link to={paths.applicationProfile.href()} className={buttonClass('secondary')}>
              Fill in your application profile
            </Link>
          </div>
        }
      >
        When you apply to a listing, it shows here with what the landlord did and what is next.
        Applying on Stoop is free.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Your applications" className="flex flex-col gap-6">
        {items.map((application) => (
          <li key={application.id}>
            <RenterApplicationCard application={application} />
          </li>
        ))}
      </ul>
      {pages.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          pending={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Show more applications
        </Button>
      ) : null}
      {pages.isError ? (
        <Alert>Applications could not be brought up to date. {errorMessage(pages.error)}</Alert>
      ) : null}
    </div>
  );
}
