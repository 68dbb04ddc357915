import { useId, useRef, useState } from 'react';
import type { AdminListing } from '../../../../shared/schemas/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';

const REASON_MAX = 500;

/** Take a listing down: a reason for the landlord and the audit log, then confirm. */
export function UnpublishDialog({
  listing,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  listing: AdminListing;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <ModalDialog
      title={`Take down “${listing.title}”?`}
      description={`By ${listing.landlord.name}. It disappears from search, its page and saved lists at once.`}
      onClose={onClose}
      busy={pending}
      size="sm"
      initialFocus={field}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason);
        }}
        className="flex flex-col gap-3"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-stone-800">
            Reason
          </label>
          <textarea
            ref={field}
            id={reasonId}
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={hintId}
            placeholder="e.g. Asks for a deposit before any viewing"
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
          />
          <p id={hintId} className="text-sm text-stone-600">
            Kept in the audit log. The landlord cannot publish it again until an admin restores it.
          </p>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={pending}>
            Take down listing
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
