import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export type Rendered = {
  container: HTMLElement;
  rerender: (ui: ReactNode) => Promise<void>;
  unmount: () => Promise<void>;
};

/**
 * Renders into a fresh container under `act` (DOM tests run in happy-dom, see the
 * `@vitest-environment` pragma at the top of each DOM test file).
 */
const mounted = new Set<Rendered>();

/**
 * Unmounts everything `render` mounted. The DOM project's setup file
 * (src/test-setup/reset-dom.ts) runs it after every test of every file.
 */
export async function cleanup(): Promise<void> {
  for (const rendered of [...mounted]) await rendered.unmount();
}

export async function render(ui: ReactNode): Promise<Rendered> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(ui);
  });
  const rendered: Rendered = {
    container,
    rerender: async (next) => {
      await act(async () => {
        root.render(next);
      });
    },
    unmount: async () => {
      if (!mounted.delete(rendered)) return;
      await act(async () => {
        root.unmount();
      });
      container.remove();
    },
  };
  mounted.add(rendered);
  return rendered;
}

/** Lets pending promises and effects settle. */
export async function flush(times = 3): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

/** Renders a hook-using component that throws and returns the error it threw. */
export async function renderError(ui: ReactNode): Promise<unknown> {
  const errors: unknown[] = [];
  const original = console.error;
  console.error = () => {};
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  const root = createRoot(container, {
    onUncaughtError: (error) => {
      errors.push(error);
    },
  });
  try {
    await act(async () => {
      root.render(ui);
    });
  } catch (error) {
    errors.push(error);
  } finally {
    console.error = original;
    await act(async () => {
      root.unmount();
    });
  }
  return errors[0];
}

/**
 * Retries `check` (inside `act`) until it stops throwing, or fails after `timeoutMs`.
 * The deadline reads `performance.now()`: tests that fake `Date` would otherwise wait forever.
 */
export async function waitFor(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/**
 * A component that reads a hook on every render, and `current()` to get what it last read:
 * how the provider tests reach the API their provider hands out. Forgotten after each test.
 */
export function hookProbe<T>(useValue: () => T) {
  let value: T | null = null;
  afterEach(() => {
    value = null;
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per test file, at module level
  function Probe() {
    value = useValue();
    return null;
  }
  return {
    Probe,
    current(): T {
      if (value === null) throw new Error('not rendered');
      return value;
    },
  };
}

/**
 * After each test: unmount, run `afterUnmount` (e.g. to clear a module-level store), empty the
 * body (dialogs and toasts portal there), undo `vi.stubGlobal` (a stubbed `fetch`).
 */
export function resetPageAfterEach(afterUnmount?: () => void): void {
  afterEach(async () => {
    await cleanup();
    afterUnmount?.();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });
}

/** In each test the clock reads `iso`; only `Date` is faked, so `waitFor`'s timers still run. */
export function fakeDateEachTest(iso: string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
