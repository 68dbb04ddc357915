// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render, resetPageAfterEach } from '../../../testing/render.tsx';
import { timeZones } from '../availability-helpers.ts';
import { TimeZoneField } from './landlord-time-zone-field.tsx';

describe('TimeZoneField', () => {
  resetPageAfterEach();

  it("makes its zone suggestions when first focused, each the runtime's own zone", async () => {
    const { container } = await render(
      <TimeZoneField value="America/New_York" onChange={() => {}} error={undefined} />,
    );
    const input = container.querySelector('input') as HTMLInputElement;
    const list = container.querySelector('datalist') as HTMLDataListElement;
    expect(input.getAttribute('list')).toBe(list.id);
    expect(list.querySelectorAll('option')).toHaveLength(0);

    await act(async () => input.focus());
    const values = [...list.querySelectorAll('option')].map((o) => o.value);
    expect(values).toEqual(timeZones());
    expect(values).toContain('America/Chicago');
  });
});
