import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { SavedSearch, SavedSearchAlerts } from '../../../../shared/schemas/saved-searches.ts';
import { describeFilters } from '../../../../shared/search-description.ts';
import { searchHref } from '../../../../shared/search-url.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/modal-dialog.tsx';
import { OptionList } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ALERTS_CHOICES } from '../alerts-text.ts';
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts';
import { useUpdateSavedSearch } from '../api/update-saved-search.ts';
import { type RenderListing, SavedSearchMatches } from './saved-search-matches.tsx';

// The dialog checks the name with the shared schema: it loads, with zod, when first opened.
const RenameDialog = lazy(() =>
  import('./rename-dialog.tsx').then((m) => ({ default: m.RenameDialog })),
);

type SavedSearchCardProps = {
  search: SavedSearch;
  renderListing: RenderListing;
  /** After the delete: the card is gone, so the list decides where focus goes. */
  onDeleted?: () => void;
};

const ALERT_OPTIONS = ALERTS_CHOICES.map((c) => [c.value, c.label] as const);

/** One saved search: its filters, new matches, and what the renter can do with it. */
export function SavedSearchCard({ search, renderListing, onDeleted }: SavedSearchCardProps) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [showMatches, setShowMatches] = useState(false);
  const headingId = useId();
  const matchesId = useId();
  const alertsId = useId();
  const alertsHintId = useId();
  const hint = ALERTS_CHOICES.find((c) => c.value === search.alerts)?.hint;

  // Awaited, not mutate's callbacks: a live event's refetch can unmount the card before they run.
  const setAlerts = async (alerts: SavedSearchAlerts) => {
    try {
      await update.mutateAsync({ id: search.id, patch: { alerts } });
      toast.success(`Alerts for “${search.name}”: ${alertsWord(alerts)}.`);
    } catch {
      // Shown under the controls (update.error).
    }
  };
  // Awaited, not mutate's callbacks, for the same reason.
  const togglePaused = async () => {
    try {
      const saved = await update.mutateAsync({ id: search.id, patch: { paused: !search.paused } });
      toast.success(saved.paused ? `Paused “${saved.name}”.` : `Resumed “${saved.name}”.`);
    } catch {
      // Shown under the controls (update.error).
    }
  };

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="saved-search"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2
            id={headingId}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words text-stone-900"
          >
            {search.name}
            {search.paused ? (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                Paused
              </span>
            ) : null}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Filters">
            {describeFilters(search.query).map((part) => (
              <li
                key={part}
                className="rounded-full bg-stone-100 px-2.5 py-1 text-sm text-stone-800"
              >
                {part}
              </li>
            ))}
          </ul>
        </div>
        <p
          className={
            search.newMatches > 0
              ? 'shrink-0 self-start rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white'
              : 'shrink-0 self-start rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700'
          }
        >
          {search.newMatches === 0
            ? 'No new matches'
            : `${search.newMatches} new ${search.newMatches === 1 ? 'match' : 'matches'}`}
        </p>
      </div>

      <div className="flex flex-col gap-3 border-t border-stone-200 pt-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-3">
            <label htmlFor={alertsId} className="text-sm font-medium text-stone-800">
              Alerts
            </label>
            <select
              id={alertsId}
              value={search.alerts}
              onChange={(event) => setAlerts(event.target.value as SavedSearchAlerts)}
              disabled={update.isPending}
              aria-describedby={alertsHintId}
              className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm"
            >
              <OptionList options={ALERT_OPTIONS} />
            </select>
          </div>
          <p id={alertsHintId} className="text-sm text-stone-600">
            {search.paused ? 'Paused: no alerts until you resume.' : hint}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={searchHref(search.query)} className={buttonClass('primary', 'sm')}>
            View results
          </Link>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showMatches}
            aria-controls={matchesId}
            onClick={() => setShowMatches((shown) => !shown)}
          >
            {showMatches ? 'Hide matches' : 'Show matches'}
          </Button>
          <Button variant="secondary" size="sm" onClick={togglePaused} disabled={update.isPending}>
            {search.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setRenaming(true)}
            aria-haspopup="dialog"
          >
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={() => setDeleting(true)}
            aria-haspopup="dialog"
          >
            Delete
          </Button>
        </div>
      </div>
      {update.isError && !renaming ? <Alert>{errorMessage(update.error)}</Alert> : null}

      <section id={matchesId} hidden={!showMatches} aria-label={`Matches for ${search.name}`}>
        {showMatches ? <SavedSearchMatches search={search} renderListing={renderListing} /> : null}
      </section>

      {renaming ? (
        <Suspense fallback={null}>
          <RenameDialog search={search} onClose={() => setRenaming(false)} />
        </Suspense>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this saved search?"
          confirmLabel="Delete search"
          tone="danger"
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onClose={() => {
            remove.reset();
            setDeleting(false);
          }}
          onConfirm={() => {
            // Awaited, not mutate's callbacks: those never run once this card is gone.
            remove.mutateAsync(search.id).then(
              () => {
                toast.success(`Deleted “${search.name}”.`);
                onDeleted?.();
              },
              () => {}, // shown in the dialog (remove.error)
            );
          }}
        >
          <p>“{search.name}” and its alerts will be deleted. Listings you saved stay saved.</p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}

function alertsWord(alerts: SavedSearchAlerts): string {
  if (alerts === 'instant') return 'instant';
  if (alerts === 'daily') return 'daily digest';
  return 'off';
}
