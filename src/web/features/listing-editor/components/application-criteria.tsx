import { type FormEvent, type Ref, useImperativeHandle, useState } from 'react';
import { DOCUMENT_KIND_LABELS } from '../../../../shared/renter-documents.ts';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplicationSettings, useSaveApplicationSettings } from '../api/application-settings.ts';
import {
  ASKABLE_DOCUMENT_KINDS,
  type CriteriaDraft,
  type CriteriaErrors,
  changed,
  draftOf,
  settingsOf,
} from '../criteria-draft.ts';

/** What the editor's Publish asks of this section first: save what changed (false: refused). */
export type CriteriaHandle = { saveIfChanged: () => Promise<boolean> };

const label = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function CriteriaForm({
  listingId,
  saved,
  ref,
}: {
  listingId: string;
  saved: ApplicationSettings;
  ref?: Ref<CriteriaHandle> | undefined;
}) {
  const [draft, setDraft] = useState<CriteriaDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<CriteriaErrors>({});
  const save = useSaveApplicationSettings(listingId);
  const toast = useToast();
  const set = <K extends keyof CriteriaDraft>(key: K, value: CriteriaDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  /** Checked by the shared schema, then `PUT`; true once saved (or nothing to save). */
  const saveNow = async (): Promise<boolean> => {
    const result = settingsOf(draft);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(`criteria-${first}`)?.focus();
      return false;
    }
    setErrors({});
    try {
      await save.mutateAsync(result.settings);
    } catch {
      return false;
    }
    return true;
  };

  useImperativeHandle(ref, () => ({
    saveIfChanged: async () => (changed(draft, saved) ? saveNow() : true),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveNow()) toast.success('Application criteria saved.');
  };

  return (
    <form
      noValidate
      aria-label="Application criteria"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          id="criteria-acceptingApplications"
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={draft.acceptingApplications}
          onChange={(event) => set('acceptingApplications', event.target.checked)}
        />
        <span>
          <span className="font-medium text-stone-900">Accepting applications</span>
          <span className="block text-stone-600">
            Renters apply from the listing page, free of charge.
          </span>
        </span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="criteria-incomeMultiple"
          label="Income multiple (optional)"
          inputMode="decimal"
          hint="Yearly income over the monthly rent, e.g. 40. Blank: none asked."
          error={errors.incomeMultiple}
          value={draft.incomeMultiple}
          onChange={(event) => set('incomeMultiple', event.target.value)}
        />
        <TextField
          id="criteria-guarantorIncomeMultiple"
          label="Guarantor income multiple (optional)"
          inputMode="decimal"
          hint="For a guarantor, e.g. 80. Blank: none asked."
          error={errors.guarantorIncomeMultiple}
          value={draft.guarantorIncomeMultiple}
          onChange={(event) => set('guarantorIncomeMultiple', event.target.value)}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">
          Documents every applicant sends (optional)
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ASKABLE_DOCUMENT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-sm text-stone-800">
              <input
                id={kind === ASKABLE_DOCUMENT_KINDS[0] ? 'criteria-requiredDocuments' : undefined}
                type="checkbox"
                className="size-5 shrink-0 accent-brand-700"
                checked={draft.requiredDocuments.includes(kind)}
                onChange={(event) =>
                  set(
                    'requiredDocuments',
                    event.target.checked
                      ? [...draft.requiredDocuments, kind]
                      : draft.requiredDocuments.filter((k) => k !== kind),
                  )
                }
              />
              {label(DOCUMENT_KIND_LABELS[kind])}
            </label>
          ))}
        </div>
        {errors.requiredDocuments ? (
          <p className="text-sm font-medium text-red-700">{errors.requiredDocuments}</p>
        ) : null}
      </fieldset>
      <p className="text-sm text-stone-600">
        Income counts every lawful source. When a program pays part of the rent, the multiple is
        worked out on the renter's share.
      </p>
      {save.error ? <ApiErrorAlert error={save.error} /> : null}
      <div>
        <Button type="submit" variant="secondary" pending={save.isPending}>
          Save application criteria
        </Button>
      </div>
    </form>
  );
}

/**
 * The editor's "Applications" section: whether the listing takes applications and what it asks
 * (income multiples, documents), shown to renters before they apply and held to afterwards.
 */
export function ApplicationCriteria({
  listingId,
  ref,
}: {
  listingId: string;
  ref?: Ref<CriteriaHandle>;
}) {
  const settings = useApplicationSettings(listingId);
  return (
    <section
      aria-labelledby="criteria-heading"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h3 id="criteria-heading" className="text-lg font-semibold text-stone-900">
          Applications
        </h3>
        <p className="text-sm text-stone-700">
          Renters see these criteria before they apply, and Stoop holds applications to them.
        </p>
      </div>
      {settings.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <Spinner size="sm" /> Loading application criteria…
        </p>
      ) : settings.isError ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>
            The application criteria could not be loaded. {errorMessage(settings.error)}
          </Alert>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <CriteriaForm listingId={listingId} saved={settings.data} ref={ref} />
      )}
    </section>
  );
}
