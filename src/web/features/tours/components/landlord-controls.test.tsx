// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, resetPageAfterEach } from '../../../testing/render.tsx';
import { TimeSelect } from './landlord-controls.tsx';

function Controlled({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeSelect
      kind="start"
      label="Monday, first range, from"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('TimeSelect', () => {
  resetPageAfterEach();

  it('holds only its chosen time until first focused, then every 15-minute step', async () => {
    const seen: string[] = [];
    const { container } = await render(<Controlled initial="17:00" seen={seen} />);
    const select = container.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['17:00', '5:00 PM'],
    ]);
    expect(select.value).toBe('17:00');

    await act(async () => select.focus());
    expect(select.options).toHaveLength(96); // 00:00 to 23:45: a start is never 24:00
    expect(select.value).toBe('17:00');
    expect(select.options[0]?.value).toBe('00:00');

    await act(async () => {
      select.value = '09:30';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(seen).toEqual(['09:30']);
    expect(select.value).toBe('09:30');
    expect(select.options).toHaveLength(96);
  });

  it('makes its steps on a press too (a pointer opens the list before any focus handler)', async () => {
    const { container } = await render(<Controlled initial="08:00" seen={[]} />);
    const select = container.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(select.options).toHaveLength(96);
    expect(select.value).toBe('08:00');
  });

  it('keeps a saved time off the grid as a choice', async () => {
    const { container } = await render(<Controlled initial="10:10" seen={[]} />);
    const select = container.querySelector('select') as HTMLSelectElement;
    await act(async () => select.focus());
    expect(select.options).toHaveLength(97);
    expect(select.value).toBe('10:10');
  });
});
