import { type ReactNode, useId, useRef, useState } from 'react';
import { ADMIN_REASON_MAX } from '../../../../shared/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';

type ReasonDialogProps = {
  title: string;
  /** What the action does, in words. */
  children: ReactNode;
  confirmLabel: string;
  placeholder: string;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * Confirms a heavy action (a takedown, a suspension) with an optional reason that the audit
 * log keeps. The reason field has focus first; Cancel is one Tab away.
 */
export function ReasonDialog({
  title,
  children,
  confirmLabel,
  placeholder,
  pending,
  error,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <ModalDialog title={title} onClose={onClose} busy={pending} size="sm" initialFocus={field}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason.trim());
        }}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-2 text-sm text-stone-700">{children}</div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-stone-800">
            Reason <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <textarea
            ref={field}
            id={reasonId}
            rows={3}
            maxLength={ADMIN_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={hintId}
            placeholder={placeholder}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
          />
          <p id={hintId} className="text-sm text-stone-600">
            Kept in the audit log with your name and the time.
          </p>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
