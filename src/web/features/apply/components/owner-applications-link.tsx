import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useApplicationCounts } from '../api/application-counts.ts';

/**
 * The owner's "Applications (N)" on their listing page: every application sent to it, linking to
 * their queue filtered to this listing. While the count loads, or if it cannot, the link stays.
 */
export default function OwnerApplicationsLink({ listingId }: { listingId: string }) {
  const counts = useApplicationCounts();
  const mine = counts.data?.byListing?.find((row) => row.listingId === listingId);
  const total = counts.isSuccess ? (mine?.total ?? 0) : null;
  const open = mine?.open ?? 0;
  return (
    <div className="flex flex-col gap-1" data-testid="owner-applications">
      <Link
        to={paths.landlordApplications.href({ listingId })}
        className={buttonClass('secondary')}
      >
        {total === null ? 'Applications' : `Applications (${total})`}
      </Link>
      <p className="text-xs text-stone-600" role={counts.isError ? 'alert' : undefined}>
        {counts.isPending
          ? 'Counting applications…'
          : counts.isError
            ? 'The count could not be loaded.'
            : total === 0
              ? 'No applications yet.'
              : open > 0
                ? `${open} open: waiting for you or the renter.`
                : 'None open.'}
      </p>
    </div>
  );
}
