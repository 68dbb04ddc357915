import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

type ConfirmActionProps = {
  /** The button that opens the question (words only a screen reader needs may be sr-only). */
  label: ReactNode;
  variant?: ButtonVariant;
  title: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** The consequence, in words. */
  children: ReactNode;
  /** The action; resolves once the server has answered. */
  run: () => Promise<unknown>;
  /** Said once it is done. */
  done: string;
  /** After it is done and the dialog has closed (to move focus to what changed). */
  onDone?: () => void;
};

/** A button that asks first ("Are you sure?") and then runs an action on the application. */
export function ConfirmAction({
  label,
  variant = 'secondary',
  title,
  confirmLabel,
  tone = 'primary',
  children,
  run,
  done,
  onDone,
}: ConfirmActionProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
      return;
    }
    setPending(false);
    setOpen(false);
    toast.success(done);
    onDone?.();
  };
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          tone={tone}
          pending={pending}
          error={error}
          onConfirm={() => void confirm()}
          onClose={() => {
            setError(null);
            setOpen(false);
          }}
        >
          {children}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
