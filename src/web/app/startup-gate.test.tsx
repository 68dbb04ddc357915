// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../testing/render.tsx';
import { StartupGate } from './startup-gate.tsx';

function renderGate() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <StartupGate>
        <p>The app</p>
      </StartupGate>
    </QueryClientProvider>,
  );
}

describe('StartupGate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows 'Connecting to database...' until /api/health answers, then the app", async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const { container } = await renderGate();
    expect(container.textContent).toContain('Connecting to database...');
    await act(async () => {
      answer(new Response(JSON.stringify({ status: 'ok', db: 'ok' }), { status: 200 }));
    });
    await waitFor(() => expect(container.textContent).toBe('The app'));
  });

  it("shows 'Database Connection Error' with a Retry Connection button that reloads", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 'unavailable', db: 'down' }), { status: 503 }),
      ),
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { container } = await renderGate();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(container.querySelector('h1')?.textContent).toBe('Database Connection Error');
    const button = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Retry Connection',
    );
    expect(button).toBeDefined();
    await act(async () => {
      button?.click();
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
