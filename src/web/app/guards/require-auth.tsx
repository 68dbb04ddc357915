import { Outlet, useLocation } from 'react-router';
import { Redirect } from '../../components/routing/redirect.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import type { FromState } from './redirect-state.ts';

/**
 * docs/spec.md §6: login-required routes send a signed-out visitor to /login, remembering where
 * they came from (the sign-in page sends them back there).
 */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageStatus message="Verifying authentication..." />;
  if (user === null) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Redirect to="/login" replace state={state} />;
  }
  return <Outlet />;
}
