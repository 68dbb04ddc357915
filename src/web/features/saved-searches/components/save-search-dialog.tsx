import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CreateSavedSearchSchema,
  type SavedSearchAlerts,
} from '../../../../shared/schemas/saved-searches.ts';
import { describeFilters, suggestedName } from '../../../../shared/search-description.ts';
import { rawSearchFilters } from '../../../../shared/search-url.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { alertsSummary } from '../alerts-text.ts';
import { useCreateSavedSearch } from '../api/create-saved-search.ts';
import { AlertsField } from './alerts-field.tsx';

type SaveSearchDialogProps = {
  /** The search page's address: its text, filters and map area are what gets saved. */
  params: URLSearchParams;
  /** The words the results are for when typo correction changed them ("williamsburg"). */
  correctedQuery?: string | null | undefined;
  onClose: () => void;
};

/**
 * "Save search": a name (suggested from the filters) and the alerts, checked with the shared
 * schema. Loaded on the first click, with zod, never with the search page.
 */
export default function SaveSearchDialog({
  params,
  correctedQuery,
  onClose,
}: SaveSearchDialogProps) {
  const create = useCreateSavedSearch();
  const toast = useToast();
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  // What the address asks for, parsed as `GET /api/listings` parses it. Alerts match the words
  // as typed, so a corrected search is saved with the words its results are for.
  const query = useMemo(() => {
    const raw = rawSearchFilters(params);
    return CreateSavedSearchSchema.shape.query.safeParse(
      correctedQuery ? { ...raw, q: correctedQuery } : raw,
    );
  }, [params, correctedQuery]);
  const [name, setName] = useState(() => (query.success ? suggestedName(query.data) : ''));
  const [alerts, setAlerts] = useState<SavedSearchAlerts>('instant');
  const [nameError, setNameError] = useState<string | undefined>();

  // Awaited, not mutate's callbacks: a live event's refetch can unmount the dialog before they run.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.success) return;
    const parsed = CreateSavedSearchSchema.safeParse({ name, query: query.data, alerts });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'name');
      setNameError(issue?.message ?? parsed.error.issues[0]?.message);
      nameRef.current?.focus();
      return;
    }
    setNameError(undefined);
    try {
      const saved = await create.mutateAsync(parsed.data);
      toast.show({
        type: 'success',
        message: `Saved “${saved.name}”. ${alertsSummary(saved.alerts)}.`,
        link: {
          href: paths.savedSearches.href(),
          label: 'Manage saved searches',
          onClick: () => navigate(paths.savedSearches.href()),
        },
      });
      onClose();
    } catch {
      // Shown above the buttons (create.error).
    }
  };

  return (
    <ModalDialog
      title="Save this search"
      description="Come back to it from Saved searches, and hear about new matches."
      onClose={onClose}
      busy={create.isPending}
      initialFocus={nameRef}
      testId="save-search-dialog"
    >
      {query.success ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Save search">
          <TextField
            ref={nameRef}
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
            error={nameError}
            autoComplete="off"
          />
          <div>
            <p className="text-sm font-medium text-stone-800">Search</p>
            <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="What this search looks for">
              {describeFilters(query.data).map((part) => (
                <li
                  key={part}
                  className="rounded-full bg-stone-100 px-2.5 py-1 text-sm text-stone-800"
                >
                  {part}
                </li>
              ))}
            </ul>
            {correctedQuery ? (
              <p className="mt-2 text-sm text-stone-600" data-testid="saved-as-corrected">
                Saved as “{correctedQuery}”, the spelling these results are for.
              </p>
            ) : null}
          </div>
          <AlertsField value={alerts} onChange={setAlerts} disabled={create.isPending} />
          {create.isError ? <Alert>{errorMessage(create.error)}</Alert> : null}
          <DialogActions>
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={create.isPending}>
              Save search
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <Alert>
            This search cannot be saved: {query.error.issues[0]?.message ?? 'a filter is invalid.'}
          </Alert>
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </ModalDialog>
  );
}
