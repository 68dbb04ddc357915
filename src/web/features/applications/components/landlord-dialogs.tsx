import { type FormEvent, useId, useState } from 'react';
import { APPLICATION_LIMITS, DECLINE_REASONS } from '../../../../shared/applications.ts';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useApplicationAction } from '../api/application-actions.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import { DECLINE_REASON_LABEL, meetsIncome } from '../words.ts';
import { TextAreaField } from './text-area-field.tsx';

type DialogProps = { application: Application; onClose: () => void; onDone: () => void };
type Reason = (typeof DECLINE_REASONS)[number];

/** The landlord asks the renter for something more; the renter answers on /applications. */
export function RequestInfoDialog({ application, onClose, onDone }: DialogProps) {
  const ask = useApplicationAction(application.id, 'request-info');
  const toast = useToast();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = (await loadFormSchemas()).requestInfoInput.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(messageId)?.focus();
      return;
    }
    setError(undefined);
    try {
      await ask.mutateAsync(parsed.data);
    } catch (failure) {
      setFormError(failure);
      return;
    }
    toast.success(`Your question was sent to ${application.applicant.name}.`);
    onClose();
    onDone();
  };

  return (
    <ModalDialog
      title="Request information"
      description={`${application.applicant.name} is asked by mail and in the app, and answers here.`}
      onClose={onClose}
      busy={ask.isPending}
    >
      <Form label="Request information" error={formError} onSubmit={(event) => void submit(event)}>
        <TextAreaField
          id={messageId}
          label="What do you need?"
          hint={`${message.length} of ${APPLICATION_LIMITS.message} characters.`}
          error={error}
          maxLength={APPLICATION_LIMITS.message}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={ask.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={ask.isPending}>
            Send request
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}

const REASON_OPTIONS = DECLINE_REASONS.map(
  (reason) => [reason, DECLINE_REASON_LABEL[reason]] as const,
);

/**
 * The landlord declines, with a reason the renter sees. A decline for income is refused by the
 * server while the application meets the income the listing asked for: its message is shown.
 */
export function DeclineDialog({ application, onClose, onDone }: DialogProps) {
  const decline = useApplicationAction(application.id, 'decline');
  const toast = useToast();
  const [reason, setReason] = useState<Reason>('incomplete');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [formError, setFormError] = useState<unknown>(null);
  const required = application.criteria.incomeMultiple;
  const incomeHint =
    reason === 'income' && meetsIncome(application)
      ? required === null
        ? 'This listing asked for no income multiple.'
        : `This application meets the ${required}× income you asked for.`
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { reason, ...(note.trim() === '' ? {} : { note }) };
    const parsed = (await loadFormSchemas()).declineInput.safeParse(input);
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    try {
      await decline.mutateAsync(parsed.data);
    } catch (failure) {
      setFormError(failure);
      return;
    }
    toast.success(`You declined ${application.applicant.name}'s application.`);
    onClose();
    onDone();
  };

  return (
    <ModalDialog
      title="Decline this application?"
      description={`${application.applicant.name} is told, with the reason you choose.`}
      onClose={onClose}
      busy={decline.isPending}
    >
      <Form label="Decline" error={formError} onSubmit={(event) => void submit(event)}>
        <SelectField
          label="Reason"
          options={REASON_OPTIONS}
          value={reason}
          hint={incomeHint}
          onChange={(event) => {
            setReason(event.target.value as Reason);
            setFormError(null);
          }}
        />
        <TextAreaField
          label="Note to the applicant (optional)"
          error={noteError}
          maxLength={APPLICATION_LIMITS.message}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={decline.isPending}>
            Decline application
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}
