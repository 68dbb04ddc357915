import { Redirect } from '../../components/routing/redirect.tsx';
import { dashboardPathFor, useAuth } from '../../features/auth/use-auth.ts';

/** /dashboard: each role to its own dashboard (docs/spec.md §6; an admin's is /admin). */
export function Component() {
  const { user } = useAuth();
  return <Redirect to={dashboardPathFor(user)} replace />;
}
