// @vitest-environment happy-dom
import { options } from 'preact';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../testing/render.tsx';
import { AfterPaint } from './after-paint.tsx';

/**
 * Frames by hand: Preact runs effects after a frame through `options.requestAnimationFrame`.
 * `paint` runs the frames asked for so far, then lets the re-renders they caused happen.
 */
function framesByHand() {
  const frames: Array<() => void> = [];
  const before = options.requestAnimationFrame;
  options.requestAnimationFrame = (callback) => frames.push(callback);
  return {
    paint: async () => {
      for (const frame of frames.splice(0)) frame();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    restore: () => {
      options.requestAnimationFrame = before;
    },
  };
}

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
  it('renders several one after the other: the next once the one before has painted', async () => {
    const { paint, restore } = framesByHand();
    const box = document.createElement('div');
    const ownRoot = createRoot(box);
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      ownRoot.render(
        <>
          <AfterPaint>
            <p data-testid="first">first</p>
          </AfterPaint>
          <AfterPaint>
            <p data-testid="second">second</p>
          </AfterPaint>
        </>,
      );
      const shown = () =>
        ['first', 'second'].filter((id) => box.querySelector(`[data-testid="${id}"]`) !== null);
      expect(shown()).toEqual([]);
      await paint();
      expect(shown()).toEqual(['first']);
      await paint();
      expect(shown()).toEqual(['first', 'second']);
    } finally {
      restore();
      globalThis.IS_REACT_ACT_ENVIRONMENT = true;
      await act(async () => ownRoot.unmount());
    }
  });

  it('lets the next one render when the one whose turn it is goes away before it paints', async () => {
    const { paint, restore } = framesByHand();
    const box = document.createElement('div');
    const ownRoot = createRoot(box);
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    const page = (withFirst: boolean) => (
      <>
        {withFirst ? (
          <AfterPaint key="first">
            <p data-testid="first">first</p>
          </AfterPaint>
        ) : null}
        <AfterPaint key="second">
          <p data-testid="second">second</p>
        </AfterPaint>
      </>
    );
    try {
      ownRoot.render(page(true));
      await paint();
      // The first's children are rendered, not yet painted; the second waits for that.
      expect(box.querySelector('[data-testid="first"]')).not.toBeNull();
      expect(box.querySelector('[data-testid="second"]')).toBeNull();
      ownRoot.render(page(false));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await paint();
      expect(box.querySelector('[data-testid="first"]')).toBeNull();
      expect(box.querySelector('[data-testid="second"]')?.textContent).toBe('second');
    } finally {
      restore();
      globalThis.IS_REACT_ACT_ENVIRONMENT = true;
      await act(async () => ownRoot.unmount());
    }
  });
});
