import { Link, useSearchParams } from 'react-router';
import type { TourStatus } from '../../../../shared/schemas/tours.ts';
import { DEFAULT_TIME_ZONE, TOUR_STATUSES } from '../../../../shared/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListingCombobox } from '../../../components/ui/listing-combobox.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useSettledOnce } from '../../../lib/use-settled-once.ts';
import { type AgendaView, agendaRange, datesBetween, groupByLocalDay } from '../agenda.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useTourListings } from '../api/get-landlord-listings.ts';
import { useTours } from '../api/get-tours.ts';
import {
  addDays,
  formatLocalDate,
  TOUR_STATUS_LABEL,
  todayIn,
  zoneAbbreviation,
  zoneCity,
} from '../format.ts';
import { useNow } from '../hooks/use-now.ts';
import { LandlordTourCard } from './landlord-tour-card.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readStatus(value: string | null): TourStatus | undefined {
  return (TOUR_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as TourStatus)
    : undefined;
}

function useRequests(listingId: string | undefined) {
  return useTours({
    scope: 'upcoming',
    status: 'requested',
    ...(listingId ? { listingId } : {}),
  });
}

/** Requests waiting for an answer, whatever the agenda shows. */
function Requests({ listingId, now }: { listingId: string | undefined; now: number }) {
  const requests = useRequests(listingId);
  const items = requests.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="requests-heading" className="mb-8" data-testid="tour-requests">
      <h2 id="requests-heading" className="mb-3 text-lg font-semibold text-stone-900">
        Requests to answer <span className="text-stone-600">({items.length})</span>
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        {items.map((tour) => (
          <LandlordTourCard key={tour.id} tour={tour} now={now} withDate />
        ))}
      </div>
    </section>
  );
}

/** /landlord/tours: requests to answer, then the agenda by day or week. */
export function LandlordToursPage() {
  const [params, setParams] = useSearchParams();
  const availability = useAvailability();
  const listings = useTourListings();
  const now = useNow();
  const zone = availability.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(zone, new Date(now));
  const view: AgendaView = params.get('view') === 'day' ? 'day' : 'week';
  const anchor = DATE.test(params.get('date') ?? '') ? (params.get('date') as string) : today;
  const listingId = params.get('listing') ?? undefined;
  const status = readStatus(params.get('status'));
  const { from, to } = agendaRange(view, anchor);
  const tours = useTours({
    scope: 'all',
    from,
    to,
    ...(listingId ? { listingId } : {}),
    ...(status ? { status } : {}),
  });

  // One loading state for the first screen: the requests arriving after the agenda pushed it down.
  const requests = useRequests(listingId);
  const settled = useSettledOnce(availability.isPending || requests.isPending || tours.isPending);

  const set = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  };
  const step = view === 'day' ? 1 : 7;
  const byDay = groupByLocalDay(tours.data ?? []);
  const dates = datesBetween(from, to);
  const total = tours.data?.length ?? 0;
  const filtered = Boolean(listingId || status);
  const heading =
    view === 'day'
      ? formatLocalDate(anchor, 'long')
      : `${formatLocalDate(from)} – ${formatLocalDate(to)}`;

  return (
    <Page title="Tours" width="wide">
      <PageHeader
        title="Tours"
        description="Viewings renters have booked or requested on your listings."
        actions={
          <Link to={paths.landlordAvailability.href()} className={buttonClass('secondary')}>
            Set your hours
          </Link>
        }
      />
      {settled ? (
        <>
          <Requests listingId={listingId} now={now} />
          <section aria-labelledby="agenda-heading">
            <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
              <div className="grid grid-cols-2 gap-3 lg:w-[32rem]">
                <ListingCombobox
                  label="Listing"
                  allLabel="All listings"
                  listings={listings.data ?? []}
                  value={listingId ?? null}
                  onChange={(id) => set({ listing: id || undefined })}
                />
                <SelectField
                  label="Status"
                  value={status ?? ''}
                  onChange={(event) => set({ status: event.target.value || undefined })}
                >
                  <option value="">All statuses</option>
                  {TOUR_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {TOUR_STATUS_LABEL[s]}
                    </option>
                  ))}
                </SelectField>
              </div>
              <fieldset className="flex gap-1 self-start lg:self-auto">
                <legend className="sr-only">View</legend>
                {(['day', 'week'] as const).map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={view === v}
                    onClick={() => set({ view: v === 'week' ? undefined : v })}
                    className={cn(
                      'h-10 rounded-lg border px-4 text-sm font-semibold',
                      view === v
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
                    )}
                  >
                    {v === 'day' ? 'Day' : 'Week'}
                  </button>
                ))}
              </fieldset>
            </div>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border-y border-stone-200 py-3">
              <div>
                <h2
                  id="agenda-heading"
                  className="text-lg font-semibold text-stone-900"
                  aria-live="polite"
                >
                  {heading}
                </h2>
                <p className="text-sm text-stone-600">
                  Times in {zoneCity(zone)} time ({zoneAbbreviation(`${from}T12:00:00Z`, zone)})
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => set({ date: addDays(anchor, -step) })}
                  aria-label={view === 'day' ? 'Previous day' : 'Previous week'}
                >
                  ‹ <span className="hidden sm:inline">Previous</span>
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => set({ date: undefined })}
                  disabled={anchor === today}
                >
                  Today
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => set({ date: addDays(anchor, step) })}
                  aria-label={view === 'day' ? 'Next day' : 'Next week'}
                >
                  <span className="hidden sm:inline">Next</span> ›
                </Button>
              </div>
            </div>
            {tours.isError ? (
              <Alert>{errorMessage(tours.error)}</Alert>
            ) : tours.isPending ? (
              <div className="flex justify-center p-8">
                <Spinner size="lg" label="Loading tours" />
              </div>
            ) : total === 0 ? (
              filtered ? (
                <EmptyState
                  title="No tours match these filters"
                  action={
                    <Button
                      variant="secondary"
                      onClick={() => set({ listing: undefined, status: undefined })}
                    >
                      Show all tours
                    </Button>
                  }
                >
                  <p>
                    Nothing {view === 'day' ? 'on this day' : 'this week'} for the listing and
                    status chosen.
                  </p>
                </EmptyState>
              ) : (
                <EmptyState
                  title={view === 'day' ? 'No tours on this day' : 'No tours this week'}
                  action={
                    <Link to={paths.landlordAvailability.href()} className={buttonClass('primary')}>
                      Check your hours
                    </Link>
                  }
                >
                  <p>
                    Renters book tours from your listing pages during your hours. Open more hours,
                    or look at another {view === 'day' ? 'day' : 'week'}.
                  </p>
                </EmptyState>
              )
            ) : (
              <ol className="flex flex-col gap-6" aria-busy={tours.isFetching} data-testid="agenda">
                {dates.map((date) => {
                  const day = byDay.get(date) ?? [];
                  if (view === 'week' && day.length === 0) {
                    return (
                      <li key={date} className="flex items-baseline gap-3 text-sm text-stone-600">
                        <h3 className="font-semibold text-stone-700">{formatLocalDate(date)}</h3>
                        <span>No tours</span>
                      </li>
                    );
                  }
                  return (
                    <li key={date} data-testid="agenda-day">
                      <h3 className="mb-2 font-semibold text-stone-900">
                        {date === today ? 'Today · ' : ''}
                        {formatLocalDate(date, 'long')}{' '}
                        <span className="font-normal text-stone-600">
                          ({day.length} tour{day.length === 1 ? '' : 's'})
                        </span>
                      </h3>
                      <div className="grid gap-3 md:grid-cols-2">
                        {day.map((tour) => (
                          <LandlordTourCard key={tour.id} tour={tour} now={now} />
                        ))}
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        </>
      ) : (
        <div className="flex justify-center p-8">
          <Spinner size="lg" label="Loading tours" />
        </div>
      )}
    </Page>
  );
}
