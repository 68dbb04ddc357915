import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplicationSettings } from '../api/application-settings.ts';
import { useMyApplication } from '../api/my-application.ts';
import { isOpen, STATUS_WORDS } from '../status-words.ts';
import { APPLY_ANCHOR } from './apply-link.ts';
import { Criteria } from './criteria-list.tsx';

const ApplyDialog = lazy(() => import('./apply-dialog.tsx'));

export type ApplyPanelProps = {
  listingId: string;
  listingTitle: string;
  /** The monthly rent; null: price on request (the dialog then shows no income multiple). */
  rentCents: number | null;
  /** A signed-in renter applies; a visitor is asked to sign in first. */
  viewer: 'renter' | 'visitor';
  /** Where a visitor signs in, with the state that brings them back to this listing. */
  signIn: { to: string; state: unknown };
};

/**
 * The listing page's "Apply": the criteria in words, then the button (a visitor signs in first),
 * or the renter's own application's status when one is open.
 */
export default function ApplyPanel({
  listingId,
  listingTitle,
  rentCents,
  viewer,
  signIn,
}: ApplyPanelProps) {
  const headingId = useId();
  const settings = useApplicationSettings(listingId);
  const mine = useMyApplication(listingId, viewer === 'renter');
  const [open, setOpen] = useState(false);
  // Focus after the dialog: back on Apply, or on the status that replaced it.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const location = useLocation();
  const autoOpened = useRef(false);
  const latest = mine.data ?? null;
  const canApply =
    viewer === 'renter' &&
    settings.data?.acceptingApplications === true &&
    mine.isSuccess &&
    (latest === null || !isOpen(latest.status));

  // Back from signing in to apply: the dialog opens as the renter asked, once.
  useEffect(() => {
    if (canApply && location.hash === `#${APPLY_ANCHOR}` && !autoOpened.current) {
      autoOpened.current = true;
      setOpen(true);
    }
  }, [canApply, location.hash]);

  let body: ReactNode;
  if (settings.isPending || (viewer === 'renter' && mine.isPending)) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
        <Spinner size="sm" /> Loading how to apply…
      </p>
    );
  } else if (settings.isError || mine.isError) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <Alert>
          How to apply could not be loaded. {errorMessage(settings.error ?? mine.error)}
        </Alert>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (settings.isError) void settings.refetch();
            if (mine.isError) void mine.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else if (latest && isOpen(latest.status)) {
    body = (
      <div className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
        <p
          ref={statusRef}
          tabIndex={-1}
          className="font-semibold text-brand-900"
          data-testid="apply-status"
        >
          {STATUS_WORDS[latest.status].title}
        </p>
        <p className="text-sm text-stone-700">{STATUS_WORDS[latest.status].next}</p>
        <Link to={paths.applications.href()} className={buttonClass('secondary', 'sm')}>
          See your applications
        </Link>
      </div>
    );
  } else if (!settings.data.acceptingApplications) {
    body = <p className="text-sm text-stone-700">This listing is not taking applications.</p>;
  } else {
    body = (
      <>
        {latest ? (
          <p className="text-sm text-stone-700" data-testid="apply-status">
            Your last application here: {STATUS_WORDS[latest.status].title.toLowerCase()}.{' '}
            {STATUS_WORDS[latest.status].next}
          </p>
        ) : null}
        <Criteria settings={settings.data} />
        {viewer === 'visitor' ? (
          <>
            <Link to={signIn.to} state={signIn.state} className={buttonClass('primary')}>
              Apply
            </Link>
            <p className="text-xs text-stone-600">
              Sign in as a renter to apply. You will come back to this apartment.
            </p>
          </>
        ) : (
          <Button onClick={() => setOpen(true)}>{latest ? 'Apply again' : 'Apply'}</Button>
        )}
      </>
    );
  }

  return (
    <section
      id={APPLY_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col gap-2 border-t border-stone-200 pt-3"
      data-testid="apply-panel"
    >
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        Apply for this apartment
      </h2>
      {body}
      {open && settings.data ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-stone-700">
              Opening the application…
            </p>
          }
        >
          <ApplyDialog
            listingId={listingId}
            listingTitle={listingTitle}
            rentCents={rentCents}
            settings={settings.data}
            onClose={() => {
              setOpen(false);
              // Sent: Apply is gone, so focus goes to the status in its place.
              requestAnimationFrame(() => statusRef.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
