// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pressKey, typeInto } from '../../../testing/dom-queries.ts';
import { cleanup, render } from '../../../testing/render.tsx';
import { Composer } from './composer.tsx';
import { loadMessageCheck } from './message-text-field.tsx';

// The check is loaded, as it is once the box has had focus; composer-first-send covers before.
beforeAll(async () => {
  await loadMessageCheck();
});

afterEach(async () => {
  await cleanup();
  document.body.innerHTML = '';
});

async function setup() {
  const onSend = vi.fn();
  const { container } = await render(<Composer onSend={onSend} />);
  const textarea = container.querySelector('textarea');
  if (!textarea) throw new Error('no textarea');
  return { container, textarea, onSend };
}

describe('Composer', () => {
  it('has a labelled box and a live character count', async () => {
    const { container, textarea } = await setup();
    const label = container.querySelector(`label[for="${textarea.id}"]`);
    expect(label?.textContent).toBe('Message');
    await act(async () => typeInto(textarea, '  Hi there  '));
    expect(container.querySelector('[data-testid="char-count"]')?.textContent).toBe(
      '8/2000 characters',
    );
  });

  it('sends the trimmed text on Enter and clears the box', async () => {
    const { textarea, onSend } = await setup();
    await act(async () => typeInto(textarea, '  Is it still available?  '));
    await act(async () => pressKey(textarea, 'Enter'));
    expect(onSend).toHaveBeenCalledWith('Is it still available?');
    expect(textarea.value).toBe('');
  });

  it('leaves Shift+Enter to make a new line', async () => {
    const { textarea, onSend } = await setup();
    await act(async () => typeInto(textarea, 'Line one'));
    const event = new KeyboardEvent('keydown', {
      key: 'Enter',
      shiftKey: true,
      bubbles: true,
      cancelable: true,
    });
    await act(async () => textarea.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(false);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("refuses empty text with the spec's message", async () => {
    const { container, textarea, onSend } = await setup();
    await act(async () => typeInto(textarea, '   '));
    await act(async () => pressKey(textarea, 'Enter'));
    expect(onSend).not.toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Message cannot be empty');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });

  it("refuses over-long text with the spec's message", async () => {
    const { container, textarea, onSend } = await setup();
    await act(async () => typeInto(textarea, 'x'.repeat(2001)));
    expect(container.querySelector('[data-testid="char-count"]')?.className).toContain(
      'text-red-700',
    );
    const form = container.querySelector('form');
    await act(async () => form?.requestSubmit());
    expect(onSend).not.toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Message cannot exceed 2000 characters',
    );
    // Exactly 2000 is fine.
    await act(async () => typeInto(textarea, 'x'.repeat(2000)));
    await act(async () => form?.requestSubmit());
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
