import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../../shared/schemas/tours.ts';
import { activeQueue, dayPartOf, preferencesText, suits } from './waitlist.ts';

const NY = 'America/New_York';
const none = { days: [], times: [], types: [] };

describe('waitlist helpers', () => {
  it('puts a slot in its local part of the day, on both sides of the DST change', () => {
    expect(dayPartOf('2026-10-31T15:59:00Z', NY)).toBe('morning'); // 11:59 EDT
    expect(dayPartOf('2026-11-02T16:59:00Z', NY)).toBe('morning'); // 11:59 EST
    expect(dayPartOf('2026-11-02T17:00:00Z', NY)).toBe('afternoon'); // 12:00 EST
    expect(dayPartOf('2026-11-02T22:00:00Z', NY)).toBe('evening'); // 17:00 EST
  });

  it('matches slots to preferred local days and times; empty means any', () => {
    // Sunday Nov 1, 23:30 EST is still Sunday evening in New York (Monday in UTC).
    const lateSunday = '2026-11-02T04:30:00Z';
    expect(suits(lateSunday, NY, { ...none, days: ['sunday'], times: ['evening'] })).toBe(true);
    expect(suits(lateSunday, NY, { ...none, days: ['monday'] })).toBe(false);
    expect(suits(lateSunday, NY, none)).toBe(true);
  });

  it('writes preferences briefly', () => {
    expect(preferencesText(none)).toBe('Any time');
    expect(
      preferencesText({ days: ['monday', 'wednesday'], times: ['evening'], types: ['video'] }),
    ).toBe('Mon, Wed · Evenings · Video');
  });

  it('keeps the renters still in line, by position', () => {
    const entry = (id: string, status: WaitlistEntry['status'], position: number | null) =>
      ({ id, status, position }) as WaitlistEntry;
    const queue = activeQueue([
      entry('b', 'waiting', 2),
      entry('gone', 'removed', null),
      entry('a', 'offered', 1),
      entry('booked', 'booked', null),
    ]);
    expect(queue.map((e) => e.id)).toEqual(['a', 'b']);
  });
});
