import { describe, expect, it } from 'vitest';
import { dashboardPathFor, roleDashboardPathFor } from '../../features/auth/use-auth.ts';
import { accountLinksFor } from './account-links.ts';

describe('the dashboard of each role (issue 15: the admin has one)', () => {
  it.each([
    ['renter', '/renter/dashboard'],
    ['landlord', '/landlord/dashboard'],
    ['admin', '/admin'],
  ] as const)('a %s goes to %s, from /dashboard and from a wrong-role route', (userType, to) => {
    expect(dashboardPathFor({ userType })).toBe(to);
    expect(roleDashboardPathFor({ userType })).toBe(to);
    expect(accountLinksFor(userType)[0]).toEqual({ label: 'Dashboard', to });
  });

  it('a signed-out visitor has none: /', () => {
    expect(roleDashboardPathFor(null)).toBe('/');
  });

  it("the renter's account menu reaches saved listings, saved searches (issue 16), the applications and the application profile (issue 28)", () => {
    expect(accountLinksFor('renter').slice(2)).toEqual([
      { label: 'Saved listings', to: '/saved-listings' },
      { label: 'Saved searches', to: '/saved-searches' },
      { label: 'Applications', to: '/applications' },
      { label: 'Application profile', to: '/applications/profile' },
    ]);
  });

  it("the landlord's account menu reaches the listings and the applications on them (issue 28)", () => {
    expect(accountLinksFor('landlord').slice(1)).toEqual([
      { label: 'Profile', to: '/landlord/profile' },
      { label: 'My listings', to: '/landlord/listings' },
      { label: 'Applications', to: '/landlord/applications' },
    ]);
  });

  it("the admin's account menu: the console, then the profile", () => {
    expect(accountLinksFor('admin')).toEqual([
      { label: 'Dashboard', to: '/admin' },
      { label: 'Profile', to: '/profile' },
    ]);
  });
});
