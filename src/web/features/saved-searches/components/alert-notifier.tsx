import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { onAlert } from '../alert-feed.ts';
import { alertMessage } from '../alert-text.ts';

/** Alerts carry a link: long enough to reach it (and the toast waits while hovered or focused). */
const ALERT_TOAST_MS = 12_000;

type AlertNotifierProps = {
  /** Only a signed-in renter gets alerts. */
  enabled: boolean;
  listingHref: (id: string) => string;
};

/**
 * Shows each live `alert.created` as a toast with a link to the listing (mount once, in the
 * layout; renders nothing). The toast is a polite live region and never takes focus.
 */
export function AlertNotifier({ enabled, listingHref }: AlertNotifierProps) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    return onAlert((alert) => {
      const href = listingHref(alert.listing.id);
      toast.show({
        type: 'info',
        message: alertMessage(alert),
        duration: ALERT_TOAST_MS,
        link: { href, label: 'Open listing', onClick: () => navigate(href) },
      });
    });
  }, [enabled, toast, navigate, listingHref]);
  return null;
}
