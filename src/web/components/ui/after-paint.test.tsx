// @vitest-environment happy-dom
import { act, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterPaint } from './after-paint.tsx';

/**
 * Polls outside `act`: these tests let React schedule its renders and effects as in the
 * browser, which `act` would flush at once.
 */
async function eventually(check: () => void): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= 200) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A child that notes, as it reaches the screen, which of the watched children are there too. */
function Noting({ id, box, log }: { id: string; box: HTMLElement; log: string[][] }) {
  useLayoutEffect(() => {
    log.push(['first', 'second'].filter((other) => box.querySelector(`[data-testid="${other}"]`)));
  }, [box, log]);
  return <p data-testid={id}>{id}</p>;
}

describe('AfterPaint', () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  afterEach(async () => {
    await act(async () => root.unmount());
  });

  it('leaves its children out of the render that mounts it, and renders them next', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    flushSync(() =>
      root.render(
        <>
          <p data-testid="upper">upper</p>
          <AfterPaint>
            <p data-testid="lower">lower</p>
          </AfterPaint>
        </>,
      ),
    );
    // The mounting render is done and on screen, without the lower part.
    expect(container.querySelector('[data-testid="upper"]')?.textContent).toBe('upper');
    expect(container.querySelector('[data-testid="lower"]')).toBeNull();
    // The effect runs after the mounting render has been committed: then the lower part renders.
    await eventually(() =>
      expect(container.querySelector('[data-testid="lower"]')?.textContent).toBe('lower'),
    );
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('shows its fallback until then, and only the children after', async () => {
    const box = document.createElement('div');
    const ownRoot = createRoot(box);
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    flushSync(() =>
      ownRoot.render(
        <AfterPaint fallback={<p data-testid="stand-in">stand-in</p>}>
          <p data-testid="real">real</p>
        </AfterPaint>,
      ),
    );
    expect(box.querySelector('[data-testid="stand-in"]')?.textContent).toBe('stand-in');
    expect(box.querySelector('[data-testid="real"]')).toBeNull();
    await eventually(() =>
      expect(box.querySelector('[data-testid="real"]')?.textContent).toBe('real'),
    );
    expect(box.querySelector('[data-testid="stand-in"]')).toBeNull();
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => ownRoot.unmount());
  });
  it('renders several one after the other: the next once the one before has painted', async () => {
    const box = document.createElement('div');
    const ownRoot = createRoot(box);
    const log: string[][] = [];
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      // A synchronous render: both mount effects have run when it returns.
      flushSync(() =>
        ownRoot.render(
          <>
            <AfterPaint>
              <Noting id="first" box={box} log={log} />
            </AfterPaint>
            <AfterPaint>
              <Noting id="second" box={box} log={log} />
            </AfterPaint>
          </>,
        ),
      );
      expect(box.querySelector('[data-testid="first"]')).toBeNull();
      await eventually(() => expect(box.querySelector('[data-testid="second"]')).not.toBeNull());
      // Two commits, in order: the first alone on screen, then both.
      expect(log).toEqual([['first'], ['first', 'second']]);
    } finally {
      globalThis.IS_REACT_ACT_ENVIRONMENT = true;
      await act(async () => ownRoot.unmount());
    }
  });

  it('lets the next one render when the one whose turn it is goes away before it paints', async () => {
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
      // The first has its turn (its mount effect ran) but has not rendered its children yet.
      flushSync(() => ownRoot.render(page(true)));
      expect(box.querySelector('[data-testid="first"]')).toBeNull();
      flushSync(() => ownRoot.render(page(false)));
      await eventually(() =>
        expect(box.querySelector('[data-testid="second"]')?.textContent).toBe('second'),
      );
      expect(box.querySelector('[data-testid="first"]')).toBeNull();
    } finally {
      globalThis.IS_REACT_ACT_ENVIRONMENT = true;
      await act(async () => ownRoot.unmount());
    }
  });
});
