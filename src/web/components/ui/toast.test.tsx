// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, hookProbe, render, renderError } from '../../testing/render.tsx';
import { ToastProvider, useToast } from './toast.tsx';

const probe = hookProbe(useToast);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await cleanup();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows a toast and removes it after its duration plus the 300 ms exit', async () => {
    const { container } = await render(
      <ToastProvider>
        <probe.Probe />
      </ToastProvider>,
    );
    await act(async () => {
      probe.current().success('Saved.');
    });
    const toast = () => container.querySelector('[data-toast-type]');
    expect(toast()?.textContent).toContain('Saved.');
    expect(toast()?.getAttribute('role')).toBe('status');

    await act(async () => {
      vi.advanceTimersByTime(4999);
    });
    expect(toast()?.hasAttribute('data-leaving')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(toast()?.hasAttribute('data-leaving')).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(toast()).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(toast()).toBeNull();
  });

  it('stacks several toasts, errors as alerts, with their own durations', async () => {
    const { container } = await render(
      <ToastProvider>
        <probe.Probe />
      </ToastProvider>,
    );
    await act(async () => {
      probe.current().error('Failed.');
      probe.current().show({ message: 'Quick', type: 'info', duration: 1000 });
    });
    const toasts = () => [...container.querySelectorAll('[data-toast-type]')];
    expect(toasts().map((t) => t.getAttribute('role'))).toEqual(['alert', 'status']);
    expect(probe.current().toasts.map((t) => t.duration)).toEqual([5000, 1000]);
    await act(async () => {
      vi.advanceTimersByTime(1300);
    });
    expect(toasts().map((t) => t.textContent)).toEqual([expect.stringContaining('Failed.')]);
  });

  it('dismisses on demand with the exit animation', async () => {
    const { container } = await render(
      <ToastProvider>
        <probe.Probe />
      </ToastProvider>,
    );
    let id = '';
    await act(async () => {
      id = probe.current().info('Hello');
    });
    await act(async () => {
      probe.current().dismiss(id);
    });
    expect(container.querySelector('[data-leaving]')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(container.querySelector('[data-toast-type]')).toBeNull();
  });

  it('carries a link that navigates in the app, and dismisses the toast', async () => {
    const onClick = vi.fn();
    const { container } = await render(
      <ToastProvider>
        <probe.Probe />
      </ToastProvider>,
    );
    await act(async () => {
      probe.current().show({
        message: 'New match',
        link: { href: '/listings/1', label: 'Open listing', onClick },
      });
    });
    const link = container.querySelector('[data-toast-type] a') as HTMLAnchorElement;
    expect(link.textContent).toBe('Open listing');
    expect(link.getAttribute('href')).toBe('/listings/1');
    await act(async () => {
      link.click();
    });
    expect(onClick).toHaveBeenCalledOnce();
    expect(container.querySelector('[data-leaving]')).not.toBeNull();
  });

  it('waits while hovered or focused, then gives the time it had left (at least 1 s)', async () => {
    const { container } = await render(
      <ToastProvider>
        <probe.Probe />
      </ToastProvider>,
    );
    await act(async () => {
      probe.current().show({ message: 'Hold me', link: { href: '/x', label: 'Go' } });
    });
    const toast = () => container.querySelector('[data-toast-type]');
    await act(async () => {
      vi.advanceTimersByTime(4500);
      toast()?.querySelector('a')?.focus();
    });
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    expect(toast()?.hasAttribute('data-leaving')).toBe(false);
    await act(async () => {
      toast()?.querySelector('a')?.blur();
    });
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(toast()?.hasAttribute('data-leaving')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(toast()?.hasAttribute('data-leaving')).toBe(true);
  });

  it('throws a clear error outside its provider', async () => {
    const error = await renderError(<probe.Probe />);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('useToast must be used within a ToastProvider.');
  });
});
