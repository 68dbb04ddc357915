import { useState } from 'react';
import type { LandlordListingChoice } from '../../../../shared/schemas/landlord-listings.ts';
import type { ListingTourSettings, TourSettings } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ListingCombobox } from '../../../components/ui/listing-combobox.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTourSettings } from '../api/get-tour-settings.ts';
import { useUpdateTourSettings } from '../api/update-tour-settings.ts';
import { loadAvailabilityChecks } from '../availability-checks.ts';
import { type FieldErrors, sameDraft } from '../availability-helpers.ts';
import { serverFieldErrors } from '../server-errors.ts';
import { Section } from './landlord-controls.tsx';
import { TourSettingsFields } from './landlord-tour-settings-fields.tsx';

/** Only the TourSettings fields of a listing's settings. */
function ownSettings(saved: ListingTourSettings): TourSettings {
  const { listingId: _id, inherited: _inherited, timeZone: _zone, ...settings } = saved;
  return settings;
}

type ListingSettingsFormProps = {
  saved: ListingTourSettings;
  /** The landlord's saved defaults: where "own settings" start from. */
  defaults: TourSettings;
  title: string;
};

/** One listing: follow the defaults, or its own settings. Keyed by listing, so it resets. */
function ListingSettingsForm({ saved, defaults, title }: ListingSettingsFormProps) {
  const [inherit, setInherit] = useState(saved.inherited);
  const [draft, setDraft] = useState<TourSettings>(saved.inherited ? defaults : ownSettings(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateTourSettings();
  const toast = useToast();
  const dirty = inherit !== saved.inherited || (!inherit && !sameDraft(draft, ownSettings(saved)));

  const save = async () => {
    const found = inherit ? {} : (await loadAvailabilityChecks()).validateTourSettings(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Awaited, not mutate's callbacks (as in the availability editor).
    try {
      const next = await update.mutateAsync({
        listingId: saved.listingId,
        input: inherit ? { inherit: true } : draft,
      });
      if (!next.inherited) setDraft(ownSettings(next));
      toast.success(`Tour settings for "${title}" saved.`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Settings for this listing</legend>
        {(
          [
            [true, 'Follow my defaults', 'Changes to your defaults apply here too.'],
            [
              false,
              'Use its own settings',
              'For an open house, other tour lengths or on-request booking.',
            ],
          ] as const
        ).map(([value, label, hint]) => (
          <label
            key={label}
            className="flex items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={`inherit-${saved.listingId}`}
              className="mt-1 size-4 accent-brand-700"
              checked={inherit === value}
              onChange={() => setInherit(value)}
            />
            <span>
              <span className="block text-sm font-semibold text-stone-900">{label}</span>
              <span className="block text-sm text-stone-700">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {inherit ? null : <TourSettingsFields value={draft} onChange={setDraft} errors={errors} />}
      {update.isError && Object.keys(errors).length === 0 ? (
        <Alert>{errorMessage(update.error)}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} pending={update.isPending} disabled={!dirty}>
          Save listing settings
        </Button>
        <span className="text-sm text-stone-600" role="status">
          {dirty
            ? 'Unsaved changes'
            : saved.inherited
              ? 'Following your defaults'
              : 'Own settings saved'}
        </span>
      </div>
    </div>
  );
}

type ListingSettingsProps = {
  listings: LandlordListingChoice[];
  listingId: string | null;
  onListingChange: (id: string) => void;
  defaults: TourSettings;
};

/** Per-listing tour settings, beside the landlord's defaults. */
export function ListingSettings({
  listings,
  listingId,
  onListingChange,
  defaults,
}: ListingSettingsProps) {
  const settings = useTourSettings(listingId);
  const listing = listings.find((l) => l.id === listingId);
  return (
    <Section
      id="listing-settings-heading"
      title="Per-listing settings"
      description="Each listing follows your defaults unless you give it its own."
    >
      {listings.length === 0 ? (
        <p className="text-sm text-stone-700">You have no listings yet.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ListingCombobox
            label="Listing"
            listings={listings}
            value={listingId}
            onChange={onListingChange}
            className="sm:max-w-md"
          />
          {settings.isError ? (
            <Alert>{errorMessage(settings.error)}</Alert>
          ) : settings.data && listing ? (
            <ListingSettingsForm
              key={settings.data.listingId}
              saved={settings.data}
              defaults={defaults}
              title={listing.title}
            />
          ) : (
            <div className="flex justify-center p-4">
              <Spinner label="Loading the listing's settings" />
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
