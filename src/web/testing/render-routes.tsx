import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { MeUser } from '../../shared/schemas/auth.ts';
import { meQueryKey } from '../features/auth/api/get-me.ts';
import { render } from './render.tsx';

export const TEST_USERS = {
  renter: {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'r@stoop.test',
    name: 'Rita',
    userType: 'renter',
  },
  landlord: {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'l@stoop.test',
    name: 'Lou',
    userType: 'landlord',
  },
  admin: {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'a@stoop.test',
    name: 'Ada',
    userType: 'admin',
  },
} as const satisfies Record<string, MeUser>;

type Options = {
  initialEntry: string;
  /** A user, null for signed out, or 'loading' for an answer that never comes. */
  user: MeUser | null | 'loading';
};

/**
 * Renders routes in a memory router with the auth state preset; returns the router to inspect.
 * Stubs `fetch`: call `vi.unstubAllGlobals()` after each test.
 */
export async function renderRoutes(routes: RouteObject[], { initialEntry, user }: Options) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user === 'loading') {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
  } else {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in unit tests.')));
    queryClient.setQueryData(meQueryKey, user);
  }
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const rendered = await render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const location = () => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  return { ...rendered, router, location, queryClient };
}

/** A leaf page that prints where it is, for asserting which route rendered. */
export function Here({ name }: { name: string }) {
  return <p data-testid="here">{name}</p>;
}
