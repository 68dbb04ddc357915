import { roleFlags } from '../../../shared/roles.ts';
import type { MeUser } from '../../../shared/schemas/auth.ts';
import { useMe } from './api/get-me.ts';

export type AuthState = {
  user: MeUser | null;
  /** True until the first answer about who is signed in arrives (spec §4). */
  isLoading: boolean;
  error: Error | null;
  isAuthenticated: boolean;
  isRenter: boolean;
  isLandlord: boolean;
  isAdmin: boolean;
};

/** Spec §6: the auth state with its role flags. */
export function useAuth(): AuthState {
  const me = useMe();
  const user = me.data ?? null;
  return {
    user,
    isLoading: me.isPending,
    error: me.error,
    ...roleFlags(user),
  };
}

/**
 * Spec §6 role routes: a user of the wrong role goes to their role's dashboard, or `/` with no
 * role dashboard (admin).
 */
export function roleDashboardPathFor(user: Pick<MeUser, 'userType'> | null): string {
  if (user?.userType === 'landlord') return '/landlord/dashboard';
  if (user?.userType === 'renter') return '/renter/dashboard';
  return '/';
}

/**
 * Where "your dashboard" leads (/dashboard, after sign-in, the account menu). An admin has no
 * dashboard yet: their profile, never `/`, whose "Go to your dashboard" would loop back to `/`.
 */
export function dashboardPathFor(user: Pick<MeUser, 'userType'> | null): string {
  if (user?.userType === 'admin') return '/profile';
  return roleDashboardPathFor(user);
}
