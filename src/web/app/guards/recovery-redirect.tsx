import { Outlet, useLocation } from 'react-router';
import { hasRecoveryMarker, recoveryTarget } from '../../../shared/recovery.ts';
import { Redirect } from '../../components/routing/redirect.tsx';

/**
 * docs/spec.md §2: the home page hands password-recovery addresses to /reset-password, query and
 * hash kept.
 */
export function RecoveryRedirect() {
  const { search, hash } = useLocation();
  if (hasRecoveryMarker(search, hash)) {
    return <Redirect to={recoveryTarget(search, hash)} replace />;
  }
  return <Outlet />;
}
