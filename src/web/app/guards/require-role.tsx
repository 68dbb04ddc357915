import { Outlet, useLocation } from 'react-router';
import type { UserType } from '../../../shared/constants.ts';
import { Redirect } from '../../components/routing/redirect.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { roleDashboardPathFor, useAuth } from '../../features/auth/use-auth.ts';
import type { FromState } from './redirect-state.ts';

/**
 * docs/spec.md §6: role routes need a signed-in user of that role; a signed-in user of another role
 * goes to their own dashboard (/landlord/dashboard, /renter/dashboard, or /admin for an admin).
 */
export function RequireRole({ allow }: { allow: UserType }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageStatus message="Verifying authorization..." />;
  if (user === null) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Redirect to="/login" replace state={state} />;
  }
  if (user.userType !== allow) return <Redirect to={roleDashboardPathFor(user)} replace />;
  return <Outlet />;
}
