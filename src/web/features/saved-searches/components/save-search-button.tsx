import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';

/* The dialog (with zod) loads on the first click, never with the search page. */
const SaveSearchDialog = lazy(() => import('./save-search-dialog.tsx'));

type SaveSearchButtonProps = {
  /** For a visitor: where to sign in first (with the state that brings them back here). */
  signIn?: { to: string; state: unknown } | undefined;
  /** The words typo correction searched for instead, if it did. */
  correctedQuery?: string | null | undefined;
};

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "Save search" on /search: a renter names the search and picks alerts; a visitor signs in. */
export function SaveSearchButton({ signIn, correctedQuery }: SaveSearchButtonProps) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  // On a phone only the bell shows (the results must start on the first screen); the name stays.
  const classes = buttonClass('secondary', 'md', 'max-sm:px-3');
  const label = <span className="max-sm:sr-only">Save search</span>;
  if (signIn) {
    return (
      <Link to={signIn.to} state={signIn.state} className={classes} title="Save search">
        <BellIcon />
        {label}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={classes}
        aria-haspopup="dialog"
        title="Save search"
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog
            params={params}
            correctedQuery={correctedQuery}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
