import { useEffect, useState } from 'react';
import type { Availability } from '../../../../shared/schemas/tours.ts';
import { AfterPaint } from '../../../components/ui/after-paint.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageStatus } from '../../../components/ui/full-page-status.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useTourListings } from '../api/get-landlord-listings.ts';
import { useUpdateAvailability } from '../api/update-availability.ts';
import { availabilityChecks, loadAvailabilityChecks } from '../availability-checks.ts';
import type { AvailabilityDraft } from '../availability-draft.ts';
import { errorsUnder, type FieldErrors, sameDraft } from '../availability-helpers.ts';
import { todayIn, zoneCity } from '../format.ts';
import { serverFieldErrors } from '../server-errors.ts';
import { Section } from './landlord-controls.tsx';
import { DateOverridesEditor } from './landlord-date-overrides.tsx';
import { ListingSettings } from './landlord-listing-settings.tsx';
import { SlotPreview } from './landlord-slot-preview.tsx';
import { TimeZoneField } from './landlord-time-zone-field.tsx';
import { TourSettingsFields } from './landlord-tour-settings-fields.tsx';
import { VacationsEditor } from './landlord-vacations.tsx';
import { WeeklyHoursEditor } from './landlord-weekly-hours.tsx';

/** Errors under a prefix, keyed from after it ("tourDefaults.capacity" -> "capacity"). */
function stripPrefix(errors: FieldErrors, prefix: string): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of Object.entries(errorsUnder(errors, prefix))) {
    found[key.slice(prefix.length + 1)] = message;
  }
  return found;
}

/** Asks before leaving the page with unsaved changes (reload, closing the tab). */
function useWarnOnLeave(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

function AvailabilityEditor({ saved }: { saved: Availability }) {
  const [draft, setDraft] = useState<AvailabilityDraft>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  // After a refused save, the messages follow every edit.
  const [checking, setChecking] = useState(false);
  const [listingId, setListingId] = useState<string | null>(null);
  const listings = useTourListings();
  const update = useUpdateAvailability();
  const toast = useToast();
  const dirty = !sameDraft(draft, saved);
  const today = todayIn(saved.timeZone);
  const items = listings.data ?? [];
  const chosen = listingId ?? items[0]?.id ?? null;
  useWarnOnLeave(dirty);

  const change = (next: Partial<AvailabilityDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    // `checking` is set by a save, which has loaded the checks.
    const checks = availabilityChecks();
    if (checking && checks) setErrors(checks.validateAvailability(merged));
    if (update.isError) update.reset();
  };

  const save = async () => {
    const { validateAvailability } = await loadAvailabilityChecks();
    const found = validateAvailability(draft);
    setErrors(found);
    setChecking(true);
    if (Object.keys(found).length > 0) return;
    // Awaited, not mutate's callbacks: the save's live event can refetch first, and the toast
    // must not depend on this component still being subscribed.
    try {
      const next = await update.mutateAsync(draft);
      setDraft(next);
      setChecking(false);
      toast.success('Availability saved. Renters see the new slots now.');
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  const invalid = Object.keys(errors).length > 0;

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex flex-col gap-6">
        <Section
          id="hours-heading"
          title="Weekly hours"
          description={`When you can show your apartments, in ${zoneCity(draft.timeZone)} time.`}
        >
          <div className="flex flex-col gap-5">
            <TimeZoneField
              value={draft.timeZone}
              onChange={(timeZone) => change({ timeZone })}
              error={errors.timeZone}
            />
            <WeeklyHoursEditor
              value={draft.weeklyHours}
              onChange={(weeklyHours) => change({ weeklyHours })}
              errors={stripPrefix(errors, 'weeklyHours')}
            />
          </div>
        </Section>
        {/* The rest renders once the weekly hours have painted: the editor in one render was a
            35 ms task (unthrottled) on this machine (decision 067). Below the hours on every
            screen, it pushes nothing on screen down. */}
        <AfterPaint>
          <Section
            id="overrides-heading"
            title="Date overrides"
            description="Different hours on one date, or closed. Works on days you are normally off, too."
          >
            <DateOverridesEditor
              value={draft.overrides}
              onChange={(overrides) => change({ overrides })}
              weekly={draft.weeklyHours}
              today={today}
              errors={errorsUnder(errors, 'overrides')}
            />
          </Section>
          <Section
            id="vacations-heading"
            title="Vacations"
            description="Closed from the first day to the last, both included."
          >
            <VacationsEditor
              value={draft.vacations}
              onChange={(vacations) => change({ vacations })}
              today={today}
              error={errors.vacations}
            />
          </Section>
          <Section
            id="defaults-heading"
            title="Tour defaults"
            description="How tours of your listings are booked, unless a listing has its own settings."
          >
            <TourSettingsFields
              value={draft.tourDefaults}
              onChange={(tourDefaults) => change({ tourDefaults })}
              errors={stripPrefix(errors, 'tourDefaults')}
            />
          </Section>
          {/* Sticks to the bottom of the screen only while there is something to save. */}
          <div
            className={cn(
              '-mx-4 border-t border-stone-200 bg-white/95 px-4 py-2 sm:mx-0 sm:rounded-2xl sm:border sm:py-3',
              dirty && 'sticky bottom-0 z-10 backdrop-blur sm:shadow-md',
            )}
          >
            {update.isError ? (
              <Alert className="mb-3">{errorMessage(update.error)}</Alert>
            ) : invalid ? (
              <Alert className="mb-3">
                Some fields need a fix before saving: see the messages above.
              </Alert>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-baseline gap-3">
                <p
                  className="text-sm font-medium text-stone-700"
                  role="status"
                  data-testid="save-state"
                >
                  {dirty ? 'Unsaved changes' : 'All changes saved'}
                </p>
                {/* On a phone the preview is at the end of the page. */}
                <a
                  href="#preview-heading"
                  className="text-sm font-semibold text-brand-800 underline lg:hidden"
                >
                  Preview
                </a>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!dirty || update.isPending}
                  onClick={() => {
                    setDraft(saved);
                    setErrors({});
                    setChecking(false);
                  }}
                >
                  Discard
                </Button>
                <Button size="sm" onClick={save} pending={update.isPending} disabled={!dirty}>
                  Save availability
                </Button>
              </div>
            </div>
          </div>
          <ListingSettings
            listings={items}
            listingId={chosen}
            onListingChange={setListingId}
            defaults={saved.tourDefaults}
          />
        </AfterPaint>
      </div>
      <div className="lg:sticky lg:top-4">
        <AfterPaint>
          <SlotPreview
            listings={items}
            listingId={chosen}
            onListingChange={setListingId}
            timeZone={saved.timeZone}
            unsaved={dirty}
          />
        </AfterPaint>
      </div>
    </div>
  );
}

/** /landlord/availability: hours, overrides, vacations, tour settings and a live slot preview. */
export function LandlordAvailabilityPage() {
  const availability = useAvailability();
  return (
    <Page title="Availability" width="wide">
      <PageHeader
        title="Availability"
        description="When renters can book tours of your apartments, and how."
      />
      {availability.isPending ? (
        <FullPageStatus message="Loading your availability..." />
      ) : availability.isError ? (
        <Alert>{errorMessage(availability.error)}</Alert>
      ) : (
        <AvailabilityEditor saved={availability.data} />
      )}
    </Page>
  );
}
