import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LISTING_STATUSES, type ListingStatus } from '../../../shared/listings.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiErrorAlert, isPlanLimit } from '../../components/ui/api-error-alert.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { dashboardsKeys } from '../../features/dashboards/api/dashboards-keys.ts';
import {
  type LandlordListing,
  landlordListingsQueryKey,
  setListingStatus,
  useLandlordListings,
} from '../../features/listing-editor/api/listing-editor-api.ts';
import {
  STATUS_CLASS,
  STATUS_LABEL,
  statusActions,
} from '../../features/listing-editor/components/listing-status.ts';
import { ListingPhoto } from '../../features/listings/components/listing-photo.tsx';
import { formatInteger, formatMoney } from '../../features/listings/format.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

const SEARCH_MAX = 100;

function readStatus(value: string | null): ListingStatus | undefined {
  return (LISTING_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as ListingStatus)
    : undefined;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function rent(listing: LandlordListing) {
  return listing.rentCents === null ? '—' : `${formatMoney(listing.rentCents)}/mo`;
}

function editHref(listing: LandlordListing) {
  return `${paths.listingCreate.href()}?id=${encodeURIComponent(listing.id)}`;
}

function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[status])}
      data-testid="listing-status"
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

function Title({ listing }: { listing: LandlordListing }) {
  return listing.status === 'draft' ? (
    <span>{listing.title}</span>
  ) : (
    <Link to={paths.listing.href(listing.id)} className="hover:underline">
      {listing.title}
    </Link>
  );
}

type RowActionsProps = {
  listing: LandlordListing;
  busy: boolean;
  onChange: (listing: LandlordListing, status: ListingStatus) => void;
};

function RowActions({ listing, busy, onChange, wrap }: RowActionsProps & { wrap: boolean }) {
  return (
    <div className={cn('flex gap-1', wrap ? 'flex-wrap' : 'flex-nowrap')}>
      <Link
        to={editHref(listing)}
        className={buttonClass('ghost', 'sm')}
        aria-label={`Edit ${listing.title}`}
      >
        Edit
      </Link>
      {statusActions(listing.status).map(([status, label]) => (
        <Button
          key={status}
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => onChange(listing, status)}
          aria-label={`${label} ${listing.title}`}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

/** The cover photo at a fixed width (the photo itself fills its box). */
function Thumbnail({ listing, className }: { listing: LandlordListing; className: string }) {
  return (
    <div className={cn('shrink-0 overflow-hidden rounded-lg', className)}>
      <ListingPhoto
        photo={listing.coverPhoto}
        alt=""
        sizes="96px"
        className="text-center text-[0.625rem]"
      />
    </div>
  );
}

/** The table's columns; counts are right-aligned. */
const COLUMNS: ReadonlyArray<[label: string, numeric: boolean]> = [
  ['Listing', false],
  ['Status', false],
  ['Rent', false],
  ['Views', true],
  ['Saves', true],
  ['Inquiries', true],
  ['Actions', false],
];

/** Desktop: a table. */
function ListingsTable({ items, busyId, onChange }: ListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your listings</caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            {COLUMNS.map(([label, numeric]) => (
              <th
                key={label}
                scope="col"
                className={cn('px-4 py-3 font-semibold', numeric && 'text-right')}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((listing) => (
            <tr key={listing.id} className="border-t border-stone-100" data-testid="listing-row">
              <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                <div className="flex items-center gap-3">
                  <Thumbnail listing={listing} className="w-16" />
                  <div className="min-w-0">
                    <Title listing={listing} />
                    {listing.address ? (
                      <p className="text-xs font-normal text-stone-600">
                        {listing.address}
                        {listing.unit ? `, ${listing.unit}` : ''}
                      </p>
                    ) : null}
                  </div>
                </div>
              </th>
              <td className="px-4 py-3">
                <StatusBadge status={listing.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-800">{rent(listing)}</td>
              <td className="px-4 py-3 text-right text-stone-800">
                {formatInteger(listing.viewCount)}
              </td>
              <td className="px-4 py-3 text-right text-stone-800">
                {formatInteger(listing.saveCount)}
              </td>
              <td className="px-4 py-3 text-right text-stone-800">
                {formatInteger(listing.inquiryCount)}
              </td>
              <td className="px-4 py-3">
                <RowActions
                  listing={listing}
                  busy={busyId === listing.id}
                  onChange={onChange}
                  wrap
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ListProps = {
  items: LandlordListing[];
  busyId: string | null;
  onChange: (listing: LandlordListing, status: ListingStatus) => void;
};

/** Phone: a card per listing, every figure and action on screen. */
function ListingCards({ items, busyId, onChange }: ListProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your listings">
      {items.map((listing) => (
        <li
          key={listing.id}
          className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
          data-testid="listing-card"
        >
          <div className="flex gap-3">
            <Thumbnail listing={listing} className="w-24" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-stone-900">
                <Title listing={listing} />
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                <StatusBadge status={listing.status} />
                <span>{rent(listing)}</span>
              </p>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-sm">
            {(
              [
                ['Views', listing.viewCount],
                ['Saves', listing.saveCount],
                ['Inquiries', listing.inquiryCount],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg bg-stone-50 py-2">
                <dt className="text-xs text-stone-600">{label}</dt>
                <dd className="font-semibold text-stone-900">{formatInteger(value)}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 border-t border-stone-100 pt-2">
            <RowActions listing={listing} busy={busyId === listing.id} onChange={onChange} wrap />
          </div>
        </li>
      ))}
    </ul>
  );
}

type PagerProps = { page: number; pageSize: number; total: number; onPage: (p: number) => void };

function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-stone-700" aria-live="polite" data-testid="listings-range">
        {total === 0
          ? 'No listings'
          : `Showing ${formatInteger(first)}–${formatInteger(last)} of ${formatInteger(total)}`}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </Button>
          <span className="text-sm text-stone-700">
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** /landlord/listings: the landlord's listings, paged on the server, searched and filtered. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, SEARCH_MAX);
  const status = readStatus(params.get('status'));
  const page = readPage(params.get('page'));
  const listings = useLandlordListings({ q, status, page });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [planLimit, setPlanLimit] = useState<unknown>(null);
  const [term, setTerm] = useState(q);
  const searchId = useId();
  // Only the viewport's layout is built: both were, one hidden by CSS (decision 066).
  const Layout = useMediaQuery('(min-width: 768px)') ? ListingsTable : ListingCards;
  // Back and Forward change the URL: the box follows it.
  useEffect(() => setTerm(q), [q]);

  const update = (next: { q?: string; status?: ListingStatus | undefined; page?: number }) => {
    const merged = { q, status, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.status) search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: term.trim() });
  };
  const change = async (listing: LandlordListing, next: ListingStatus) => {
    setBusyId(listing.id);
    setPlanLimit(null);
    try {
      await setListingStatus(listing.id, next);
      toast.success(`"${listing.title}" is now ${STATUS_LABEL[next].toLowerCase()}.`);
      await queryClient.invalidateQueries({ queryKey: landlordListingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardsKeys.landlordStats });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    } catch (error) {
      if (isPlanLimit(error)) setPlanLimit(error);
      else toast.error(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  const data = listings.data;
  const counts = data?.statusCounts;
  const all = counts ? counts.draft + counts.active + counts.rented + counts.archived : 0;
  const filters: Array<[ListingStatus | undefined, string, number]> = [
    [undefined, 'All', all],
    ['active', STATUS_LABEL.active, counts?.active ?? 0],
    ['draft', STATUS_LABEL.draft, counts?.draft ?? 0],
    ['rented', STATUS_LABEL.rented, counts?.rented ?? 0],
    ['archived', STATUS_LABEL.archived, counts?.archived ?? 0],
  ];
  const nothingYet = data !== undefined && all === 0 && !q;

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
      {planLimit ? <ApiErrorAlert error={planLimit} className="mb-4" /> : null}
      {listings.isPending ? (
        <FullPageStatus message="Loading listings..." />
      ) : listings.isError && !data ? (
        <Alert>{errorMessage(listings.error)}</Alert>
      ) : nothingYet ? (
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
        <>
          <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <search className="lg:w-96">
              <form onSubmit={submitSearch} className="flex gap-2">
                <label htmlFor={searchId} className="sr-only">
                  Search your listings by title or address
                </label>
                <input
                  id={searchId}
                  type="search"
                  value={term}
                  maxLength={SEARCH_MAX}
                  onChange={(event) => setTerm(event.target.value)}
                  placeholder="Search by title or address"
                  className="h-10 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-sm"
                />
                <Button type="submit" variant="secondary" size="sm" className="h-10">
                  Search
                </Button>
              </form>
            </search>
            <fieldset className="flex flex-wrap gap-1">
              <legend className="sr-only">Status</legend>
              {filters.map(([value, label, n]) => {
                const selected = status === value;
                return (
                  <button
                    key={label}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => update({ status: value })}
                    className={cn(
                      'h-9 rounded-full border px-3 text-sm font-medium',
                      selected
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
                    )}
                  >
                    {label} <span className={selected ? '' : 'text-stone-600'}>({n})</span>
                  </button>
                );
              })}
            </fieldset>
          </div>
          {listings.isError ? <Alert>{errorMessage(listings.error)}</Alert> : null}
          {data && data.items.length === 0 ? (
            <EmptyState title="No listings match">
              <p>
                {q ? `Nothing matches “${q}”` : 'Nothing here'}
                {status ? ` among ${STATUS_LABEL[status].toLowerCase()} listings` : ''}.
              </p>
            </EmptyState>
          ) : data ? (
            <div aria-busy={listings.isPlaceholderData}>
              <Layout items={data.items} busyId={busyId} onChange={change} />
            </div>
          ) : null}
          {data ? (
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(next) => {
                update({ page: next });
                window.scrollTo({ top: 0 });
              }}
            />
          ) : null}
        </>
      )}
    </Page>
  );
}
