import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { landlordConfinementTarget } from '../../../shared/landlord-confinement.ts';
import { Redirect } from '../../components/routing/redirect.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

/** Wraps every route: keeps landlords within the landlord part of the app (docs/spec.md §6). */
export function LandlordConfinement({ children }: { children: ReactNode }) {
  const { isLandlord, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullPageStatus fullScreen message="Loading..." />;
  const target = isLandlord ? landlordConfinementTarget(pathname) : null;
  if (target !== null) return <Redirect to={target} replace />;
  return children;
}
