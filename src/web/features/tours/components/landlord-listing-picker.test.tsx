// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { ListingPicker } from './landlord-listing-picker.tsx';

const LISTINGS = [
  { id: 'a', title: 'Sunny 1BR <near> the "park"', status: 'active' },
  { id: 'b', title: 'Garden duplex', status: 'draft' },
  { id: 'c', title: 'Corner studio', status: 'rented' },
] as const;

const optionsOf = (select: HTMLSelectElement) =>
  [...select.options].map((option) => [option.value, option.textContent]);

describe('ListingPicker', () => {
  it('offers every listing with its status, escaped, and reports the one picked', async () => {
    const onChange = vi.fn();
    const { container, rerender } = await render(
      <ListingPicker label="Listing" listings={LISTINGS} value="b" onChange={onChange} />,
    );
    const select = container.querySelector('select');
    if (!select) throw new Error('no select');
    expect(optionsOf(select)).toEqual([
      ['a', 'Sunny 1BR <near> the "park"'],
      ['b', 'Garden duplex (draft)'],
      ['c', 'Corner studio (rented)'],
    ]);
    expect(select.value).toBe('b');
    expect(container.querySelector('label')?.textContent).toContain('Listing');

    await act(async () => {
      select.value = 'c';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('c');

    // A new list keeps the chosen value selected; "All listings" is the empty value.
    await rerender(
      <ListingPicker
        label="Listing"
        listings={LISTINGS.slice(1)}
        value={null}
        onChange={onChange}
        allLabel="All listings"
      />,
    );
    expect(optionsOf(select)).toEqual([
      ['', 'All listings'],
      ['b', 'Garden duplex (draft)'],
      ['c', 'Corner studio (rented)'],
    ]);
    expect(select.value).toBe('');
    await rerender(
      <ListingPicker
        label="Listing"
        listings={LISTINGS}
        value="c"
        onChange={onChange}
        allLabel="All listings"
      />,
    );
    expect(select.value).toBe('c');
  });
});
