import { type FormEvent, useRef, useState } from 'react';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/field.tsx';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** What goes, in the user's words, per kind of account. */
const WHAT_GOES: Record<MeUser['userType'], string[]> = {
  renter: [
    'Your profile, saved listings, saved searches and alerts, and viewing notes.',
    'Your upcoming tours are cancelled (the landlord is told) and you leave every waitlist.',
  ],
  landlord: [
    'Your profile, photo, availability and every listing: they are taken down at once.',
    'Upcoming tours are cancelled and renters are told; your subscription is cancelled, so nothing more is charged.',
  ],
  admin: ['Your profile and admin access. Another admin account must remain.'],
};

const PASSWORD_ERROR = 'Please enter your password.';

/** The field's message for a failed attempt (a wrong password), else null (shown as an alert). */
function fieldMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.code === 'INVALID_CREDENTIALS' || error.code === 'VALIDATION_ERROR'
    ? error.message
    : null;
}

/** The confirmation: what goes, then the password. Loaded when the section asks for it. */
export function DeleteAccountDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: MeUser;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const fieldError = missing ? PASSWORD_ERROR : fieldMessage(remove.error);
  const otherError = remove.error && fieldError === null ? errorMessage(remove.error) : null;

  // Awaited, not mutate's callbacks: forgetting the user can unmount the profile page (and this
  // dialog) first.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) {
      setMissing(true);
      passwordRef.current?.focus();
      return;
    }
    setMissing(false);
    try {
      await remove.mutateAsync({ userId: user.id, password });
      onDeleted();
    } catch (error) {
      // Back to the field to try again, its message read out with it.
      if (fieldMessage(error) !== null) passwordRef.current?.select();
    }
  };

  return (
    <ModalDialog
      title="Delete your account?"
      description="This cannot be undone."
      onClose={onClose}
      busy={remove.isPending}
      size="sm"
      initialFocus={passwordRef}
      testId="delete-account-dialog"
    >
      <form noValidate aria-label="Delete account" onSubmit={submit} className="text-sm">
        <ul className="mb-4 list-disc space-y-1.5 pl-5 text-stone-700">
          {WHAT_GOES[user.userType].map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>
            Messages you sent stay with the people you wrote to, shown as from “Deleted user”.
          </li>
        </ul>
        <PasswordField
          ref={passwordRef}
          label="Enter your password to confirm"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (missing) setMissing(false);
          }}
          error={fieldError ?? undefined}
        />
        {otherError ? <Alert className="mt-4">{otherError}</Alert> : null}
        <DialogActions>
          <Button type="button" variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={remove.isPending}>
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
