import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

/**
 * docs/spec.md §6: the path fragments a landlord may visit; anything else sends them to their
 * dashboard.
 */
export const LANDLORD_ALLOWED_FRAGMENTS = [
  '/landlord/',
  '/login',
  '/register/',
  '/about',
  '/chat',
  '/listings/',
] as const;

/** Dev tools outside the spec's route table (docs/decisions/011-web-routing-and-guards.md). */
const DEV_TOOLS_PREFIX = '/dev/';

export const LANDLORD_HOME = '/landlord/dashboard';

/** Where a landlord on `pathname` must go instead, or null when they may stay. */
export function landlordConfinementTarget(pathname: string): string | null {
  if (pathname.startsWith(DEV_TOOLS_PREFIX)) return null;
  return LANDLORD_ALLOWED_FRAGMENTS.some((fragment) => pathname.includes(fragment))
    ? null
    : LANDLORD_HOME;
}

/** Wraps every route: keeps landlords within the landlord part of the app (docs/spec.md §6). */
export function LandlordConfinement({ children }: { children: ReactNode }) {
  const { isLandlord, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullPageStatus fullScreen message="Loading..." />;
  const target = isLandlord ? landlordConfinementTarget(pathname) : null;
  if (target !== null) return <Navigate to={target} replace />;
  return children;
}
