import { type FormEvent, useRef, useState } from 'react';
import {
  type SavedSearch,
  SavedSearchNameSchema,
} from '../../../../shared/schemas/saved-searches.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateSavedSearch } from '../api/update-saved-search.ts';

/** Renames a saved search (the shared name rule: 1 to 80 characters). */
export function RenameDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  // Awaited, not mutate's callbacks: a live event's refetch can unmount the dialog before they run.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SavedSearchNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    if (parsed.data === search.name) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: search.id, patch: { name: parsed.data } });
      onClose();
    } catch {
      // Shown in the dialog (update.error).
    }
  };
  return (
    <ModalDialog
      title="Rename search"
      onClose={onClose}
      busy={update.isPending}
      size="sm"
      initialFocus={input}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Rename search">
        <TextField
          ref={input}
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="off"
        />
        {update.isError ? <Alert>{errorMessage(update.error)}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={update.isPending}>
            Save name
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
