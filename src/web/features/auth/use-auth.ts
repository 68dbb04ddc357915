import { roleFlags } from '../../../shared/roles.ts';
import type { MeUser } from '../../../shared/schemas/auth.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from './api/get-me.ts';

export type AuthState = {
  user: MeUser | null;
  /** True until the first answer about who is signed in arrives (docs/spec.md §4). */
  isLoading: boolean;
  error: Error | null;
  isAuthenticated: boolean;
  isRenter: boolean;
  isLandlord: boolean;
  isAdmin: boolean;
};

/** docs/spec.md §6: the auth state with its role flags. */
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
 * docs/spec.md §6 role routes: a user of the wrong role goes to their role's dashboard:
 * /landlord/dashboard, /renter/dashboard, or the moderation console /admin for an admin (issue 15);
 * `/` when signed out.
 */
export function roleDashboardPathFor(user: Pick<MeUser, 'userType'> | null): string {
  if (user?.userType === 'landlord') return paths.landlordDashboard.href();
  if (user?.userType === 'renter') return paths.renterDashboard.href();
  if (user?.userType === 'admin') return paths.admin.href();
  return paths.home.href();
}

/**
 * Where "your dashboard" leads (/dashboard, after sign-in, the account menu): the role's
 * dashboard. Every role has one since issue 15 (the admin's is /admin), so it is never `/`
 * for a signed-in user, whose "Go to your dashboard" there would loop back.
 */
export function dashboardPathFor(user: Pick<MeUser, 'userType'> | null): string {
  return roleDashboardPathFor(user);
}
