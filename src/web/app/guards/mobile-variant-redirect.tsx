import { useSyncExternalStore } from 'react';
import { generatePath, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isMobileBrowser } from '../../lib/device.ts';

/**
 * The address of a page's mobile variant: path parameters substituted, query and hash kept.
 * Throws (from `generatePath`) when the pattern names a parameter the page does not have.
 */
export function mobileVariantPath(
  pattern: string,
  params: Record<string, string | undefined>,
  search: string,
  hash: string,
): string {
  return `${generatePath(pattern, params)}${search}${hash}`;
}

type MobileVariantRedirectProps = {
  /** The mobile variant's route pattern, e.g. `/listings/:id/mobile`. */
  to: string;
  /** Injectable for tests; the real check reads the window width and user agent. */
  isMobile?: () => boolean;
};

const subscribeToNothing = () => () => {};
const notMobile = () => false;

/** docs/spec.md §2: on a mobile device, a page with a mobile variant replaces itself with it. */
export function MobileVariantRedirect({
  to,
  isMobile = isMobileBrowser,
}: MobileVariantRedirectProps) {
  const params = useParams();
  const { search, hash } = useLocation();
  // A page rendered on the server was rendered as the desktop one: it hydrates as that first,
  // then a phone's narrow window moves on (getServerSnapshot is what hydration renders).
  const mobile = useSyncExternalStore(subscribeToNothing, isMobile, notMobile);
  if (mobile) {
    return (
      <>
        <Navigate to={mobileVariantPath(to, params, search, hash)} replace />
        {/* Holds the page's height while the variant loads, so the footer does not jump (CLS). */}
        <div className="min-h-dvh" />
      </>
    );
  }
  return <Outlet />;
}
