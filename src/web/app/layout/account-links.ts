import type { UserType } from '../../../shared/constants.ts';
import { dashboardPathFor } from '../../features/auth/use-auth.ts';

export type AccountLink = { label: string; to: string };

/**
 * The account menu's links for a role. Landlords' stay under /landlord/ (or the docs/spec.md §6
 * confinement would bounce them); an admin's dashboard is the moderation console.
 */
export function accountLinksFor(userType: UserType): AccountLink[] {
  const dashboard = { label: 'Dashboard', to: dashboardPathFor({ userType }) };
  switch (userType) {
    case 'landlord':
      return [
        dashboard,
        { label: 'Profile', to: '/landlord/profile' },
        { label: 'My listings', to: '/landlord/listings' },
        { label: 'Applications', to: '/landlord/applications' },
      ];
    case 'renter':
      return [
        dashboard,
        { label: 'Profile', to: '/profile' },
        { label: 'Saved listings', to: '/saved-listings' },
        { label: 'Saved searches', to: '/saved-searches' },
        { label: 'Applications', to: '/applications' },
        { label: 'Application profile', to: '/applications/profile' },
      ];
    default:
      return [dashboard, { label: 'Profile', to: '/profile' }];
  }
}
