import type { UserType } from './constants.ts';

/**
 * The role flags of docs/spec.md §6, derived in one place for both sides (no zod: start-up bundle).
 */
export function roleFlags(user: { userType: UserType } | null) {
  return {
    isAuthenticated: user !== null,
    isRenter: user?.userType === 'renter',
    isLandlord: user?.userType === 'landlord',
    isAdmin: user?.userType === 'admin',
  };
}
