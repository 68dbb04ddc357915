import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';

// The dialog (its form, field and request) is only needed once asked for: it stays out of the
// profile pages' initial JS, and starts loading when the pointer or focus reaches the button.
const loadDialog = () => import('./delete-account-dialog.tsx');
const DeleteAccountDialog = lazy(async () => ({
  default: (await loadDialog()).DeleteAccountDialog,
}));

/**
 * The profile pages' danger zone (issue 17, decision 039): deleting the account after the
 * password confirms it. Once the server has deleted it and the app forgot the user, it says so
 * and leaves for the home page.
 */
export function DeleteAccountSection({ user }: { user: MeUser }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const onDeleted = () => {
    toast.success('Your account has been deleted.');
    navigate('/', { replace: true });
  };
  return (
    <section
      aria-labelledby="delete-account-heading"
      className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="delete-account-heading" className="text-lg font-semibold text-red-800">
        Delete account
      </h2>
      <p className="mt-2 max-w-prose text-sm text-stone-700">
        Permanently delete your Stoop account and the data that goes with it. Messages you sent stay
        visible to the people you wrote to, as from “Deleted user”.
      </p>
      <div className="mt-5">
        <Button
          variant="danger"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
        >
          Delete account…
        </Button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog user={user} onClose={() => setOpen(false)} onDeleted={onDeleted} />
        </Suspense>
      ) : null}
    </section>
  );
}
