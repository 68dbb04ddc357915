import { Navigate, Outlet, useLocation } from 'react-router';
import { hasRecoveryMarker, recoveryTarget } from '../../../shared/recovery.ts';

/**
 * docs/spec.md §2: the home page hands password-recovery addresses to /reset-password, query and
 * hash kept.
 */
export function RecoveryRedirect() {
  const { search, hash } = useLocation();
  if (hasRecoveryMarker(search, hash)) {
    return <Navigate to={recoveryTarget(search, hash)} replace />;
  }
  return <Outlet />;
}
