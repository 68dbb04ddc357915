// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../testing/render.tsx';
import { AfterPaint } from './after-paint.tsx';

describe('AfterPaint', () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  afterEach(async () => {
    await act(async () => root.unmount());
  });

  it('leaves its children out of the render that mounts it, and renders them next', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    root.render(
      <>
        <p data-testid="upper">upper</p>
        <AfterPaint>
          <p data-testid="lower">lower</p>
        </AfterPaint>
      </>,
    );
    // The mounting render is done and on screen, without the lower part.
    expect(container.querySelector('[data-testid="upper"]')?.textContent).toBe('upper');
    expect(container.querySelector('[data-testid="lower"]')).toBeNull();
    // Preact runs effects after the next frame: then the lower part renders.
    await waitFor(() =>
      expect(container.querySelector('[data-testid="lower"]')?.textContent).toBe('lower'),
    );
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('shows its fallback until then, and only the children after', async () => {
    const box = document.createElement('div');
    const ownRoot = createRoot(box);
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    ownRoot.render(
      <AfterPaint fallback={<p data-testid="stand-in">stand-in</p>}>
        <p data-testid="real">real</p>
      </AfterPaint>,
    );
    expect(box.querySelector('[data-testid="stand-in"]')?.textContent).toBe('stand-in');
    expect(box.querySelector('[data-testid="real"]')).toBeNull();
    await waitFor(() =>
      expect(box.querySelector('[data-testid="real"]')?.textContent).toBe('real'),
    );
    expect(box.querySelector('[data-testid="stand-in"]')).toBeNull();
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => ownRoot.unmount());
  });
});
