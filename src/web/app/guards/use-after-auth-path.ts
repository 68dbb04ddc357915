import { useLocation } from 'react-router';
import type { MeUser } from '../../../shared/schemas/auth.ts';
import { dashboardPathFor } from '../../features/auth/use-auth.ts';
import { rememberedPath } from './redirect-state.ts';

/** Where to go once signed in: back where a guard stopped the visitor, else their dashboard. */
export function useAfterAuthPath(): (user: Pick<MeUser, 'userType'> | null) => string {
  const location = useLocation();
  const remembered = rememberedPath(location.state);
  return (user) => remembered ?? dashboardPathFor(user);
}
