// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../testing/render.tsx';
import { useSettledOnce } from './use-settled-once.ts';

function Probe({ pending }: { pending: boolean }) {
  return <p>{useSettledOnce(pending) ? 'settled' : 'waiting'}</p>;
}

describe('useSettledOnce', () => {
  it('waits while pending, then stays settled when a later fetch is pending again', async () => {
    const view = await render(<Probe pending />);
    expect(view.container.textContent).toBe('waiting');
    await view.rerender(<Probe pending={false} />);
    expect(view.container.textContent).toBe('settled');
    await view.rerender(<Probe pending />);
    expect(view.container.textContent).toBe('settled');
  });

  it('is settled at once when nothing is pending', async () => {
    const view = await render(<Probe pending={false} />);
    expect(view.container.textContent).toBe('settled');
  });
});
