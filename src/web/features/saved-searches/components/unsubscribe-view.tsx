import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useUnsubscribeAlerts } from '../api/unsubscribe-alerts.ts';

const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

type UnsubscribeViewProps = {
  /** The mail's signed token (`?token=`), null when the address has none. */
  token: string | null;
  savedSearchesHref: string;
  savedListingsHref: string;
};

/**
 * /alerts/unsubscribe?token=…: posts the token once (no sign-in needed), then says what was
 * turned off. A forged, unknown or missing token says the link is invalid.
 */
export function UnsubscribeView({
  token,
  savedSearchesHref,
  savedListingsHref,
}: UnsubscribeViewProps) {
  const unsubscribe = useUnsubscribeAlerts();
  const sent = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token === null || token === '' || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const invalid =
    token === null ||
    token === '' ||
    (unsubscribe.error instanceof ApiError &&
      unsubscribe.error.status >= 400 &&
      unsubscribe.error.status < 500);

  if (invalid) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert>{INVALID_LINK_MESSAGE}</Alert>
        <p className="text-stone-700">
          You can turn alerts off for any saved search on your saved searches page.
        </p>
        <Link to={savedSearchesHref} className={buttonClass('secondary')}>
          Manage saved searches
        </Link>
      </div>
    );
  }
  if (unsubscribe.isError) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert>{errorMessage(unsubscribe.error)}</Alert>
        <Button onClick={() => unsubscribe.mutate(token)}>Try again</Button>
      </div>
    );
  }
  if (!unsubscribe.isSuccess) {
    return (
      <div className="flex items-center gap-3 text-stone-700" role="status">
        <Spinner size="sm" />
        Turning off alerts…
      </div>
    );
  }
  const what = unsubscribe.data.unsubscribed;
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="success">
        {what.kind === 'saved-search'
          ? `You will no longer get alerts for “${what.name}”.`
          : 'You will no longer get alerts about your saved listings.'}
      </Alert>
      <p className="text-stone-700">
        {what.kind === 'saved-search'
          ? 'The search stays saved: you can still open it, or turn its alerts back on.'
          : 'Your listings stay saved: price drops and rentals just will not be announced.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={savedSearchesHref} className={buttonClass('primary')}>
          Manage saved searches
        </Link>
        {what.kind === 'saved-listings' ? (
          <Link to={savedListingsHref} className={buttonClass('secondary')}>
            Saved listings
          </Link>
        ) : null}
      </div>
    </div>
  );
}
