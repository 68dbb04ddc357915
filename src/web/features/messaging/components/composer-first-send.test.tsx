// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressKey, typeInto } from '../../../testing/dom-queries.ts';
import { cleanup, render, waitFor } from '../../../testing/render.tsx';
import { Composer } from './composer.tsx';

afterEach(async () => {
  await cleanup();
  document.body.innerHTML = '';
});

/* Its own file: the message check (zod) is not loaded yet, as on /chat before the box has focus. */
describe('Composer before its check has loaded', () => {
  it('loads the check on send, then sends once however often Enter is pressed meanwhile', async () => {
    const onSend = vi.fn();
    const { container } = await render(<Composer onSend={onSend} />);
    const textarea = container.querySelector('textarea');
    if (!textarea) throw new Error('no textarea');
    await act(async () => typeInto(textarea, '  Still available?  '));
    pressKey(textarea, 'Enter');
    pressKey(textarea, 'Enter');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Still available?'));
    await waitFor(() => expect(textarea.value).toBe(''));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
