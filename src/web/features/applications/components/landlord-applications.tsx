import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPLICATION_STATUSES } from '../../../../shared/applications.ts';
import type { Application, ApplicationStatus } from '../../../../shared/schemas/applications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListingCombobox } from '../../../components/ui/listing-combobox.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { ApplicationsFilter } from '../api/applications-keys.ts';
import { useApplicationPages } from '../api/get-applications.ts';
import { type ListingChoice, useMyListings } from '../api/get-my-listings.ts';
import { dateText, kindText, missingKinds, STATUS_LABEL } from '../words.ts';
import { householdWords, IncomeLines } from './landlord-household.tsx';
import { StatusBadge } from './status-badge.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?listingId=&status=` as a filter; anything malformed is left out. */
export function filterOf(params: URLSearchParams): ApplicationsFilter {
  const listingId = params.get('listingId') ?? '';
  const status = params.get('status') ?? '';
  return {
    listingId: UUID.test(listingId) ? listingId.toLowerCase() : undefined,
    status: (APPLICATION_STATUSES as readonly string[]).includes(status)
      ? (status as ApplicationStatus)
      : undefined,
  };
}

const STATUS_OPTIONS = [
  ['', 'All statuses'] as const,
  ...APPLICATION_STATUSES.map((status) => [status, STATUS_LABEL[status]] as const),
];

function Filters({
  filter,
  onChange,
  choices,
  settled,
}: {
  filter: ApplicationsFilter;
  onChange: (next: ApplicationsFilter) => void;
  choices: ListingChoice[];
  /** The choices have loaded, or failed to: only then is a listing known to be missing. */
  settled: boolean;
}) {
  // A listing in the address that is not among those loaded still shows as chosen.
  const listed = choices.some((choice) => choice.id === filter.listingId);
  const listings =
    settled && filter.listingId && !listed
      ? [{ id: filter.listingId, title: 'This listing', status: 'active' as const }, ...choices]
      : choices;
  return (
    <form
      aria-label="Filter applications"
      className="mb-6 grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => event.preventDefault()}
    >
      <ListingCombobox
        id="applications-listing"
        label="Listing"
        allLabel="All listings"
        listings={listings}
        value={filter.listingId ?? null}
        onChange={(id) => onChange({ ...filter, listingId: id || undefined })}
      />
      <SelectField
        id="applications-status"
        label="Status"
        value={filter.status ?? ''}
        options={STATUS_OPTIONS}
        onChange={(event) =>
          onChange({
            ...filter,
            status: (event.target.value || undefined) as ApplicationStatus | undefined,
          })
        }
      />
    </form>
  );
}

/** One application in the landlord's list: who, for what, when, against the criteria. */
function ApplicationRow({ application }: { application: Application }) {
  const missing = missingKinds(application);
  const sent =
    application.documents.filter((document) => !document.removed).length +
    application.members.reduce(
      (sum, member) => sum + member.documents.filter((document) => !document.removed).length,
      0,
    );
  const household = householdWords(application);
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="flex min-w-0 flex-col gap-1">
        <Link
          to={paths.landlordApplication.href(application.id)}
          className="text-base font-semibold break-words text-brand-800 hover:underline"
        >
          {application.applicant.name}
          <span className="sr-only"> for {application.listing.title}</span>
        </Link>
        <p className="text-sm break-words text-stone-700">{application.listing.title}</p>
        {household ? <p className="text-sm text-stone-700">{household}</p> : null}
        <p className="text-sm text-stone-600">
          Submitted{' '}
          <time dateTime={application.submittedAt}>{dateText(application.submittedAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 text-sm sm:items-end sm:text-right">
        <StatusBadge status={application.status} />
        <IncomeLines application={application} className="sm:items-end" />
        <p className="text-stone-700">
          {sent} document{sent === 1 ? '' : 's'}
          {missing.length > 0 ? ` · missing ${missing.map(kindText).join(', ')}` : ''}
        </p>
      </div>
    </li>
  );
}

/**
 * /landlord/applications: every application on the landlord's listings, oldest first (the
 * longest waiting at the top), filtered by listing and status through the address.
 */
export function LandlordApplications() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const listings = useMyListings();
  const pages = useApplicationPages('landlord', filter);
  const change = (next: ApplicationsFilter) => {
    const search = new URLSearchParams();
    if (next.listingId) search.set('listingId', next.listingId);
    if (next.status) search.set('status', next.status);
    setParams(search);
  };
  const filtered = Boolean(filter.listingId || filter.status);

  let body: ReactNode;
  if (pages.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 py-6 text-stone-700">
        <Spinner /> Loading applications…
      </p>
    );
  } else if (pages.data === undefined) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert>Applications could not be loaded. {errorMessage(pages.error)}</Alert>
        <Button variant="secondary" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const items = pages.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState
          title={filtered ? 'No applications match' : 'No applications yet'}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => change({})}>
                Show all applications
              </Button>
            ) : undefined
          }
        >
          {filtered
            ? 'Try another listing or status.'
            : 'When a renter applies to one of your listings, the application shows here. New ones appear as they arrive.'}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <ul
            aria-label="Applications"
            className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white px-4 shadow-sm sm:px-6"
          >
            {items.map((application) => (
              <ApplicationRow key={application.id} application={application} />
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

  return (
    <div>
      <Filters
        filter={filter}
        onChange={change}
        choices={listings.data ?? []}
        settled={!listings.isPending}
      />
      {listings.isError ? (
        <p className="-mt-4 mb-6 text-sm text-stone-700">
          Your listings could not be loaded for the filter.{' '}
          <Button variant="ghost" size="sm" onClick={() => void listings.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {body}
    </div>
  );
}
