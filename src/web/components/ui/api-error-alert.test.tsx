// @vitest-environment happy-dom
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { cleanup, render } from '../../testing/render.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

async function show(error: unknown) {
  const router = createMemoryRouter([{ path: '*', element: <ApiErrorAlert error={error} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('ApiErrorAlert', () => {
  afterEach(async () => {
    await cleanup();
    document.body.innerHTML = '';
  });

  it('links a plan limit to the plans', async () => {
    const { container } = await show(
      new ApiError({
        status: 409,
        code: 'PLAN_LIMIT',
        message: 'Your plan allows no more active listings. Upgrade your plan to publish this one.',
      }),
    );
    expect(container.textContent).toContain('Upgrade your plan to publish this one.');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/landlord/billing');
  });

  it('shows any other error without a link', async () => {
    const { container } = await show(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found.' }),
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Not found.');
    expect(container.querySelector('a')).toBeNull();
  });
});
