// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pressKey, typeInto } from '../../testing/dom-queries.ts';
import { render } from '../../testing/render.tsx';
import { LISTING_COMBOBOX_SHOWN, ListingCombobox } from './listing-combobox.tsx';

const LISTINGS = [
  { id: 'a', title: 'Sunny 1BR <near> the "park"', status: 'active' },
  { id: 'b', title: 'Garden duplex', status: 'draft' },
  { id: 'c', title: 'Corner studio', status: 'rented' },
  { id: 'd', title: '<b>Loft</b> & "3"', status: 'archived' },
] as const;

/** 290 listings, "Listing 1" to "Listing 290", as the demo landlord has. */
const MANY = Array.from({ length: 290 }, (_, i) => ({
  id: `id-${i + 1}`,
  title: `Listing ${i + 1}`,
  status: 'active' as const,
}));

function parts(container: HTMLElement) {
  const input = container.querySelector<HTMLInputElement>('input[role="combobox"]');
  const listbox = container.querySelector<HTMLElement>('[role="listbox"]');
  if (!input || !listbox) throw new Error('no combobox');
  return { input, listbox };
}

const options = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLElement>('[role="option"]'),
];
const optionTexts = (container: HTMLElement) => options(container).map((o) => o.textContent);

/** The picker with its value held, as the pages hold it (in state or the URL). */
function Held({
  onChange,
  initial = '',
  allLabel,
  listings = LISTINGS,
}: {
  onChange: (id: string) => void;
  initial?: string;
  allLabel?: string;
  listings?: readonly {
    id: string;
    title: string;
    status?: 'active' | 'draft' | 'rented' | 'archived';
  }[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <ListingCombobox
      label="Listing"
      listings={listings}
      value={value}
      allLabel={allLabel}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe('ListingCombobox', () => {
  it('is a labelled combobox that makes no options until it is opened', async () => {
    const { container } = await render(<Held onChange={vi.fn()} initial="b" />);
    const { input, listbox } = parts(container);
    const label = container.querySelector('label');
    expect(label?.textContent).toBe('Listing');
    expect(label?.getAttribute('for')).toBe(input.id);
    expect(input.getAttribute('aria-labelledby')).toBe(label?.id);
    expect(listbox.getAttribute('aria-labelledby')).toBe(label?.id);
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Garden duplex (draft)');
    expect(options(container)).toHaveLength(0);

    await act(async () => input.click());
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionTexts(container)).toEqual([
      'Sunny 1BR <near> the "park"',
      'Garden duplex (draft)',
      'Corner studio (rented)',
      '<b>Loft</b> & "3" (archived)',
    ]);
    // The chosen one is highlighted on opening.
    const chosen = options(container)[1];
    expect(chosen?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(chosen?.id);
  });

  it('renders only the titles holding what is typed, never more than the cap', async () => {
    const { container } = await render(<Held onChange={vi.fn()} listings={MANY} />);
    const { input } = parts(container);
    await act(async () => input.click());
    expect(options(container)).toHaveLength(LISTING_COMBOBOX_SHOWN);
    expect(container.textContent).toContain('240 more — keep typing to narrow the list');

    // "listing 1" is in 1, 10-19, 100-199: 111 titles, the first 50 of them made.
    await act(async () => typeInto(input, 'LISTING 1'));
    expect(options(container).length).toBeLessThan(60);
    expect(optionTexts(container).every((text) => text?.startsWith('Listing 1'))).toBe(true);
    expect(container.textContent).toContain('61 more — keep typing to narrow the list');

    await act(async () => typeInto(input, 'isting 27'));
    expect(optionTexts(container)).toEqual([
      'Listing 27',
      ...Array.from({ length: 10 }, (_, i) => `Listing ${270 + i}`),
    ]);
    expect(container.textContent).not.toContain('keep typing');
    // The first match is highlighted, for Enter.
    expect(input.getAttribute('aria-activedescendant')).toBe(options(container)[0]?.id);
  });

  it('picks with the arrow keys and Enter, and reports the id', async () => {
    const onChange = vi.fn();
    const { container } = await render(<Held onChange={onChange} />);
    const { input } = parts(container);

    await act(async () => typeInto(input, 'N'));
    // The loft's title has no "n"; the other three do.
    expect(optionTexts(container)).toEqual([
      'Sunny 1BR <near> the "park"',
      'Garden duplex (draft)',
      'Corner studio (rented)',
    ]);
    await act(async () => pressKey(input, 'ArrowDown'));
    expect(input.getAttribute('aria-activedescendant')).toBe(options(container)[1]?.id);
    await act(async () => pressKey(input, 'Enter'));
    expect(onChange).toHaveBeenCalledWith('b');
    expect(input.value).toBe('Garden duplex (draft)');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(options(container)).toHaveLength(0);

    // Reopened, the whole list again, the chosen one highlighted; End and Home move.
    await act(async () => pressKey(input, 'ArrowDown'));
    expect(options(container)).toHaveLength(4);
    expect(input.getAttribute('aria-activedescendant')).toBe(options(container)[1]?.id);
    await act(async () => pressKey(input, 'End'));
    expect(input.getAttribute('aria-activedescendant')).toBe(options(container)[3]?.id);
    await act(async () => pressKey(input, 'Home'));
    expect(input.getAttribute('aria-activedescendant')).toBe(options(container)[0]?.id);
  });

  it('picks with a click', async () => {
    const onChange = vi.fn();
    const { container } = await render(<Held onChange={onChange} />);
    const { input } = parts(container);
    await act(async () => typeInto(input, 'garden'));
    await act(async () => options(container)[0]?.click());
    expect(onChange).toHaveBeenCalledWith('b');
    expect(input.value).toBe('Garden duplex (draft)');
  });

  it('says when nothing matches, and Escape closes and puts the chosen title back', async () => {
    const onChange = vi.fn();
    const { container } = await render(<Held onChange={onChange} initial="a" />);
    const { input, listbox } = parts(container);
    await act(async () => typeInto(input, 'penthouse'));
    expect(options(container)).toHaveLength(0);
    expect(container.textContent).toContain('No listings match');
    expect(input.getAttribute('aria-activedescendant')).toBe('');

    await act(async () => pressKey(input, 'Escape'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Sunny 1BR <near> the "park"');
    expect(container.textContent).not.toContain('No listings match');
    expect(listbox.children).toHaveLength(0);
    // A second Escape, closed, keeps the choice too.
    await act(async () => pressKey(input, 'Escape'));
    expect(input.value).toBe('Sunny 1BR <near> the "park"');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks nothing by typing alone: leaving the box puts the chosen title back', async () => {
    const onChange = vi.fn();
    const { container } = await render(<Held onChange={onChange} initial="c" />);
    const { input } = parts(container);
    input.focus();
    await act(async () => typeInto(input, 'garden'));
    expect(optionTexts(container)).toEqual(['Garden duplex (draft)']);
    await act(async () => input.blur());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Corner studio (rented)');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a placeholder, an id, an error and a disabled state like the other fields', async () => {
    const { container, rerender } = await render(
      <ListingCombobox
        id="boost-listing"
        label="Listing"
        listings={LISTINGS}
        value=""
        onChange={vi.fn()}
        placeholder="Choose a live listing"
        error="Choose a listing to feature."
      />,
    );
    const { input } = parts(container);
    expect(input.id).toBe('boost-listing');
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Choose a live listing');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('boost-listing-error');
    expect(container.querySelector('#boost-listing-error')?.textContent).toBe(
      'Choose a listing to feature.',
    );
    await rerender(
      <ListingCombobox label="Listing" listings={[]} value="" onChange={vi.fn()} disabled />,
    );
    expect(parts(container).input.disabled).toBe(true);
  });

  it('shows titles with markup as text', async () => {
    const { container } = await render(<Held onChange={vi.fn()} initial="d" />);
    const { input, listbox } = parts(container);
    expect(input.value).toBe('<b>Loft</b> & "3" (archived)');
    await act(async () => typeInto(input, '<b>'));
    expect(optionTexts(container)).toEqual(['<b>Loft</b> & "3" (archived)']);
    expect(listbox.querySelector('b')).toBeNull();
  });

  it('offers "All listings" first, the empty value', async () => {
    const onChange = vi.fn();
    const { container } = await render(
      <Held onChange={onChange} initial="b" allLabel="All listings" />,
    );
    const { input } = parts(container);
    await act(async () => input.click());
    expect(optionTexts(container)[0]).toBe('All listings');
    await act(async () => options(container)[0]?.click());
    expect(onChange).toHaveBeenCalledWith('');
    expect(input.value).toBe('All listings');
    // Typed text that is not in "All listings" leaves it out.
    await act(async () => typeInto(input, 'studio'));
    expect(optionTexts(container)).toEqual(['Corner studio (rented)']);
  });

  it('shows a chosen listing beyond the cap when opened, and follows a new value', async () => {
    const onChange = vi.fn();
    const { container, rerender } = await render(
      <ListingCombobox label="Listing" listings={MANY} value="id-200" onChange={onChange} />,
    );
    const { input } = parts(container);
    expect(input.value).toBe('Listing 200');
    await act(async () => input.click());
    expect(options(container)).toHaveLength(LISTING_COMBOBOX_SHOWN);
    expect(optionTexts(container)[0]).toBe('Listing 200');
    expect(input.getAttribute('aria-activedescendant')).toBe(options(container)[0]?.id);
    await act(async () => pressKey(input, 'Escape'));

    // The value changed from outside (a link, the back button): the box follows.
    await rerender(
      <ListingCombobox label="Listing" listings={MANY} value="id-7" onChange={onChange} />,
    );
    expect(input.value).toBe('Listing 7');
    expect(onChange).not.toHaveBeenCalled();
  });
});
