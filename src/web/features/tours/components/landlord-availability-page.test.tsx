// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../../../../shared/schemas/tours.ts';
import { noListingChoicesFixture } from '../../../testing/billing-fixtures.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { fakeDateEachTest, resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { anAvailability, weeklyHours } from '../../../testing/tour-fixtures.ts';
import { LandlordAvailabilityPage } from './landlord-availability-page.tsx';

const SAVED = anAvailability({
  weeklyHours: weeklyHours({ monday: [{ start: '17:00', end: '20:00' }] }),
});

/** The availability API: answers GET with what was last saved, records every PUT. */
function stubAvailability() {
  let saved: Availability = structuredClone(SAVED);
  return stubApi((call) => {
    if (call.url.pathname === '/api/landlord/availability') {
      if (call.method === 'PUT') saved = { ...saved, ...(call.body as Partial<Availability>) };
      return { body: saved };
    }
    if (call.url.pathname === '/api/landlord/listing-choices') {
      return { body: noListingChoicesFixture() };
    }
    return undefined;
  });
}

async function choose(select: HTMLSelectElement | null | undefined, value: string) {
  if (!select) throw new Error('no select');
  // As a person would: a time select makes its steps when first focused, then one is picked.
  await act(async () => select.focus());
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const day = (container: HTMLElement, name: string) => {
  const row = container.querySelector<HTMLElement>(`[data-testid="weekday-${name}"]`);
  if (!row) throw new Error(`no ${name}`);
  return row;
};
const selects = (row: HTMLElement) => [...row.querySelectorAll<HTMLSelectElement>('select')];
const button = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
  );
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

async function renderPage() {
  const rendered = await renderMessaging(<LandlordAvailabilityPage />);
  await waitFor(() =>
    expect(rendered.container.querySelector('[data-testid="weekday-monday"]')).not.toBeNull(),
  );
  return rendered;
}

describe('the weekly hours editor', () => {
  resetPageAfterEach();
  fakeDateEachTest('2026-10-20T12:00:00Z');

  it('refuses overlapping and inverted ranges with a message at the range, and saves nothing', async () => {
    const calls = stubAvailability();
    const { container } = await renderPage();
    const monday = day(container, 'monday');
    await act(async () => button(monday, 'Add hours on Monday')?.click());
    // The second range starts an hour after the first ends.
    expect(selects(monday).map((s) => s.value)).toEqual(['17:00', '20:00', '21:00', '22:00']);
    await choose(selects(monday)[2], '19:00');
    await act(async () => button(container, 'Save availability')?.click());
    // The checks load with the first save (availability-checks.ts).
    await waitFor(() =>
      expect(monday.textContent).toContain('Ranges on one day must not overlap.'),
    );
    expect(container.textContent).toContain('Some fields need a fix before saving');
    expect(puts(calls)).toHaveLength(0);

    // Messages follow the edits once a save was refused.
    await choose(selects(monday)[2], '20:00');
    expect(monday.textContent).not.toContain('must not overlap');
    await choose(selects(monday)[1], '16:00');
    expect(monday.textContent).toContain('A range must end after it starts.');
    expect(selects(monday)[1]?.getAttribute('aria-invalid')).toBe('true');
    await act(async () => button(container, 'Save availability')?.click());
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves several ranges a day, copies them to weekdays, and says when all is saved', async () => {
    const calls = stubAvailability();
    const { container } = await renderPage();
    const state = () => container.querySelector('[data-testid="save-state"]')?.textContent;
    expect(state()).toBe('All changes saved');
    const monday = day(container, 'monday');
    await act(async () => button(monday, 'Add hours on Monday')?.click());
    await act(async () => button(container, 'Copy Monday to weekdays')?.click());
    expect(selects(day(container, 'friday')).map((s) => s.value)).toEqual([
      '17:00',
      '20:00',
      '21:00',
      '22:00',
    ]);
    expect(selects(day(container, 'saturday'))).toHaveLength(0);
    expect(state()).toBe('Unsaved changes');

    // A day off turned on starts at 9 to 5.
    const sunday = day(container, 'sunday');
    await act(async () => sunday.querySelector<HTMLInputElement>('input[role="switch"]')?.click());
    expect(selects(sunday).map((s) => s.value)).toEqual(['09:00', '17:00']);

    await act(async () => button(container, 'Save availability')?.click());
    await waitFor(() => expect(state()).toBe('All changes saved'));
    const body = puts(calls)[0]?.body as Availability;
    expect(body.weeklyHours.friday).toEqual([
      { start: '17:00', end: '20:00' },
      { start: '21:00', end: '22:00' },
    ]);
    expect(body.weeklyHours.sunday).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(body.weeklyHours.saturday).toEqual([]);
  });

  it("copies a day's hours to the days ticked in its menu, which is made only when opened", async () => {
    stubAvailability();
    const { container } = await renderPage();
    const monday = day(container, 'monday');
    const menu = monday.querySelector('details');
    if (!menu) throw new Error('no copy menu');
    expect(menu.querySelector('fieldset')).toBeNull();
    expect(container.querySelectorAll('details input[type="checkbox"]')).toHaveLength(0);

    await act(async () => {
      menu.open = true;
    });
    await waitFor(() => expect(menu.querySelector('fieldset')).not.toBeNull());
    const box = (name: string) =>
      [...menu.querySelectorAll('label')]
        .find((label) => label.textContent?.trim() === name)
        ?.querySelector('input');
    await act(async () => box('Wednesday')?.click());
    await act(async () => box('Saturday')?.click());
    await act(async () => button(menu, 'Apply')?.click());
    for (const name of ['wednesday', 'saturday']) {
      expect(selects(day(container, name)).map((s) => s.value)).toEqual(['17:00', '20:00']);
    }
    expect(selects(day(container, 'tuesday'))).toHaveLength(0);
    // Applied, the menu closes and is unmade again.
    expect(menu.open).toBe(false);
    await waitFor(() => expect(menu.querySelector('fieldset')).toBeNull());
  });

  it('opens a date on a day that is normally off with an override', async () => {
    const calls = stubAvailability();
    const { container } = await renderPage();
    const date = container.querySelector<HTMLInputElement>('input[type="date"]');
    if (!date) throw new Error('no date input');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
        date,
        '2026-11-01',
      );
      date.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button(container, 'Add date override')?.click());
    const override = container.querySelector<HTMLElement>('[data-testid="date-override"]');
    expect(override?.textContent).toContain('Sunday, November 1');
    expect(override?.textContent).toContain('usually off on Sundays');
    expect(selects(override as HTMLElement).map((s) => s.value)).toEqual(['09:00', '17:00']);
    await act(async () => button(container, 'Save availability')?.click());
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as Availability | undefined)?.overrides).toEqual([
      { date: '2026-11-01', ranges: [{ start: '09:00', end: '17:00' }] },
    ]);
  });

  it('shows the server refusal at its field', async () => {
    stubApi((call) => {
      if (call.url.pathname === '/api/landlord/availability' && call.method === 'GET') {
        return { body: SAVED };
      }
      if (call.url.pathname === '/api/landlord/availability') {
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Unknown time zone.',
              details: [
                { path: 'tourDefaults.capacity', message: 'Too many renters for one slot.' },
              ],
            },
          },
        };
      }
      if (call.url.pathname === '/api/landlord/listing-choices') return { status: 500, body: {} };
      return undefined;
    });
    const { container } = await renderPage();
    await act(async () => button(day(container, 'monday'), 'Add hours on Monday')?.click());
    await act(async () => button(container, 'Save availability')?.click());
    await waitFor(() => expect(container.textContent).toContain('Too many renters for one slot.'));
  });
});
