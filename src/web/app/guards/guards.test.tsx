// @vitest-environment happy-dom
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { landlordConfinementTarget } from '../../../shared/landlord-confinement.ts';
import { flush } from '../../testing/render.tsx';
import { Here, renderRoutes, TEST_USERS } from '../../testing/render-routes.tsx';
import { Component as Dashboard } from '../routes/dashboard.tsx';
import { LandlordConfinement } from './landlord-confinement.tsx';
import { MobileVariantRedirect, mobileVariantPath } from './mobile-variant-redirect.tsx';
import { RecoveryRedirect } from './recovery-redirect.tsx';
import { rememberedPath } from './redirect-state.ts';
import { RequireAuth } from './require-auth.tsx';
import { RequireRole } from './require-role.tsx';

const here = (container: HTMLElement) =>
  container.querySelector('[data-testid="here"]')?.textContent ?? null;

const pages = [
  { path: '/', element: <Here name="home" /> },
  { path: '/login', element: <Here name="login" /> },
  { path: '/about', element: <Here name="about" /> },
  { path: '/search', element: <Here name="search" /> },
  { path: '/reset-password', element: <Here name="reset" /> },
  { path: '/landlord/dashboard', element: <Here name="landlord-dashboard" /> },
  { path: '/renter/dashboard', element: <Here name="renter-dashboard" /> },
];

/** The admin's dashboard, behind its role guard as in the app's route table. */
const adminRoute = {
  element: <RequireRole allow="admin" />,
  children: [{ path: '/admin', element: <Here name="admin" /> }],
};

function table() {
  return [
    ...pages,
    {
      element: <RequireAuth />,
      children: [
        { path: '/chat/:conversationId', element: <Here name="chat" /> },
        { path: '/saved-listings', element: <Here name="saved" /> },
      ],
    },
    {
      element: <RequireRole allow="landlord" />,
      children: [{ path: '/landlord/tours', element: <Here name="landlord-tours" /> }],
    },
    {
      element: <RequireRole allow="renter" />,
      children: [{ path: '/renter/tours-test', element: <Here name="renter-only" /> }],
    },
    adminRoute,
  ];
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering where they came from', async () => {
    const { location, router } = await renderRoutes(table(), {
      initialEntry: '/chat/abc?x=1#h',
      user: null,
    });
    expect(location()).toBe('/login');
    expect(rememberedPath(router.state.location.state)).toBe('/chat/abc?x=1#h');
  });

  it('lets a signed-in user through', async () => {
    const { container } = await renderRoutes(table(), {
      initialEntry: '/chat/abc',
      user: TEST_USERS.renter,
    });
    expect(here(container)).toBe('chat');
  });

  it("shows 'Verifying authentication...' while it cannot tell", async () => {
    const { container, location } = await renderRoutes(table(), {
      initialEntry: '/saved-listings',
      user: 'loading',
    });
    expect(container.textContent).toContain('Verifying authentication...');
    expect(location()).toBe('/saved-listings');
  });
});

describe('RequireRole', () => {
  it('sends a renter on a landlord route to the renter dashboard', async () => {
    const { location } = await renderRoutes(table(), {
      initialEntry: '/landlord/tours',
      user: TEST_USERS.renter,
    });
    expect(location()).toBe('/renter/dashboard');
  });

  it('sends a landlord on a renter route to the landlord dashboard', async () => {
    const { location } = await renderRoutes(table(), {
      initialEntry: '/renter/tours-test',
      user: TEST_USERS.landlord,
    });
    expect(location()).toBe('/landlord/dashboard');
  });

  it.each(['/landlord/tours', '/renter/tours-test'])(
    'sends an admin on %s to /admin, their dashboard',
    async (initialEntry) => {
      const { location, container } = await renderRoutes(table(), {
        initialEntry,
        user: TEST_USERS.admin,
      });
      expect(location()).toBe('/admin');
      expect(here(container)).toBe('admin');
    },
  );

  it.each([
    ['renter', '/renter/dashboard'],
    ['landlord', '/landlord/dashboard'],
  ] as const)('sends a %s on /admin to %s', async (role, to) => {
    const { location, container } = await renderRoutes(table(), {
      initialEntry: '/admin',
      user: TEST_USERS[role],
    });
    expect(location()).toBe(to);
    expect(here(container)).toBe(`${role}-dashboard`);
  });

  it('lets an admin onto /admin, query kept', async () => {
    const { location, container } = await renderRoutes(table(), {
      initialEntry: '/admin?tab=reports',
      user: TEST_USERS.admin,
    });
    expect(location()).toBe('/admin?tab=reports');
    expect(here(container)).toBe('admin');
  });

  it('sends a signed-out visitor on /admin to /login, remembering /admin', async () => {
    const { location, router } = await renderRoutes(table(), {
      initialEntry: '/admin?tab=users',
      user: null,
    });
    expect(location()).toBe('/login');
    expect(rememberedPath(router.state.location.state)).toBe('/admin?tab=users');
  });

  it('sends a signed-out visitor to /login', async () => {
    const { location, router } = await renderRoutes(table(), {
      initialEntry: '/landlord/tours',
      user: null,
    });
    expect(location()).toBe('/login');
    expect(rememberedPath(router.state.location.state)).toBe('/landlord/tours');
  });

  it('lets the right role through', async () => {
    const { container } = await renderRoutes(table(), {
      initialEntry: '/landlord/tours',
      user: TEST_USERS.landlord,
    });
    expect(here(container)).toBe('landlord-tours');
  });

  it("shows 'Verifying authorization...' while it cannot tell", async () => {
    const { container } = await renderRoutes(table(), {
      initialEntry: '/landlord/tours',
      user: 'loading',
    });
    expect(container.textContent).toContain('Verifying authorization...');
  });
});

describe('landlordConfinementTarget', () => {
  it.each([
    '/landlord/dashboard',
    '/landlord/billing',
    '/login',
    '/register/landlord',
    '/about',
    '/chat',
    '/chat/abc',
    '/listings/42',
    '/listings/create',
    '/listings/42/mobile',
    '/dev/mailbox',
  ])('lets a landlord stay on %s', (path) => {
    expect(landlordConfinementTarget(path)).toBeNull();
  });

  it.each([
    '/',
    '/search',
    '/saved-listings',
    '/featured',
    '/register',
    '/signin',
    '/profile',
    '/dashboard',
    '/tours',
    '/renter/dashboard',
    '/test-page',
    '/admin',
  ])('sends a landlord on %s to /landlord/dashboard', (path) => {
    expect(landlordConfinementTarget(path)).toBe('/landlord/dashboard');
  });
});

describe('LandlordConfinement', () => {
  const confined = () => [
    {
      element: (
        <LandlordConfinement>
          <Outlet />
        </LandlordConfinement>
      ),
      children: pages,
    },
  ];

  it('redirects a landlord off /search', async () => {
    const { location } = await renderRoutes(confined(), {
      initialEntry: '/search?q=1',
      user: TEST_USERS.landlord,
    });
    expect(location()).toBe('/landlord/dashboard');
  });

  it('keeps a landlord on /about', async () => {
    const { location } = await renderRoutes(confined(), {
      initialEntry: '/about',
      user: TEST_USERS.landlord,
    });
    expect(location()).toBe('/about');
  });

  it('leaves renters and visitors alone', async () => {
    const renter = await renderRoutes(confined(), {
      initialEntry: '/search',
      user: TEST_USERS.renter,
    });
    expect(renter.location()).toBe('/search');
    const visitor = await renderRoutes(confined(), { initialEntry: '/search', user: null });
    expect(visitor.location()).toBe('/search');
  });

  it("shows 'Loading...' until it knows who is signed in", async () => {
    const { container } = await renderRoutes(confined(), {
      initialEntry: '/search',
      user: 'loading',
    });
    expect(container.textContent).toContain('Loading...');
  });
});

describe('MobileVariantRedirect', () => {
  const listing = (mobile: boolean) => [
    {
      path: '/listings/:id',
      element: <MobileVariantRedirect to="/listings/:id/mobile" isMobile={() => mobile} />,
      children: [{ index: true, element: <Here name="listing" /> }],
    },
    { path: '/listings/:id/mobile', element: <Here name="listing-mobile" /> },
  ];

  it('replaces the page with its mobile variant, keeping params, query and hash', async () => {
    const { location, router, container } = await renderRoutes(listing(true), {
      initialEntry: '/listings/42?a=1#b',
      user: null,
    });
    await flush();
    expect(location()).toBe('/listings/42/mobile?a=1#b');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(here(container)).toBe('listing-mobile');
  });

  it('keeps the desktop page on a desktop', async () => {
    const { location, container } = await renderRoutes(listing(false), {
      initialEntry: '/listings/42?a=1#b',
      user: null,
    });
    expect(location()).toBe('/listings/42?a=1#b');
    expect(here(container)).toBe('listing');
  });

  it('builds the variant path', () => {
    expect(mobileVariantPath('/listings/:id/mobile', { id: 'a b' }, '?x=1', '#y')).toBe(
      '/listings/a%20b/mobile?x=1#y',
    );
  });
});

describe('RecoveryRedirect', () => {
  const home = () => [
    {
      path: '/',
      element: <RecoveryRedirect />,
      children: [{ index: true, element: <Here name="home" /> }],
    },
    { path: '/reset-password', element: <Here name="reset" /> },
  ];

  it.each([
    ['/?type=recovery#access_token=x', '/reset-password?type=recovery#access_token=x'],
    ['/#error_code=otp_expired', '/reset-password#error_code=otp_expired'],
    ['/?error=access_denied', '/reset-password?error=access_denied'],
  ])('sends %s to %s', async (from, to) => {
    const { location } = await renderRoutes(home(), { initialEntry: from, user: null });
    expect(location()).toBe(to);
  });

  it('renders home otherwise', async () => {
    const { container, location } = await renderRoutes(home(), {
      initialEntry: '/?q=1#top',
      user: null,
    });
    expect(location()).toBe('/?q=1#top');
    expect(here(container)).toBe('home');
  });
});

describe('rememberedPath', () => {
  it('only trusts internal paths that are not sign-in pages', () => {
    expect(rememberedPath({ from: { pathname: '/chat/1', search: '?x=1', hash: '' } })).toBe(
      '/chat/1?x=1',
    );
    expect(rememberedPath({ from: { pathname: '//evil.test/x' } })).toBeNull();
    expect(rememberedPath({ from: { pathname: '/login' } })).toBeNull();
    expect(rememberedPath(null)).toBeNull();
    expect(rememberedPath({ from: 'x' })).toBeNull();
  });
});

describe('/dashboard (issue 11 item 8)', () => {
  const routes = () => [
    ...pages,
    { path: '/profile', element: <Here name="profile" /> },
    { path: '/dashboard', element: <Dashboard /> },
    adminRoute,
  ];

  it.each([
    ['landlord', '/landlord/dashboard'],
    ['renter', '/renter/dashboard'],
    // Issue 15: the moderation console (never `/`, whose "Go to your dashboard" would loop).
    ['admin', '/admin'],
  ] as const)('sends a %s to %s', async (role, to) => {
    const { location } = await renderRoutes(routes(), {
      initialEntry: '/dashboard',
      user: TEST_USERS[role],
    });
    expect(location()).toBe(to);
  });
});
