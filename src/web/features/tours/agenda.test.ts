import { describe, expect, it } from 'vitest';
import type { Tour } from '../../../shared/schemas/tours.ts';
import { agendaRange, datesBetween, groupByLocalDay, landlordActions } from './agenda.ts';

const tour = (id: string, start: string, overrides: Partial<Tour> = {}) =>
  ({
    id,
    start,
    end: new Date(Date.parse(start) + 20 * 60_000).toISOString(),
    timeZone: 'America/New_York',
    status: 'confirmed',
    ...overrides,
  }) as Tour;

describe('the agenda', () => {
  it('groups tours by their local date across the November change, in order', () => {
    const days = groupByLocalDay([
      tour('late-sunday', '2026-11-02T04:30:00Z'), // Sun Nov 1, 23:30 EST
      tour('monday', '2026-11-02T22:00:00Z'), // Mon Nov 2, 17:00 EST
      tour('early-sunday', '2026-11-01T04:30:00Z'), // Sun Nov 1, 00:30 EDT
      tour('saturday', '2026-11-01T03:30:00Z'), // Sat Oct 31, 23:30 EDT
    ]);
    expect([...days.keys()]).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(days.get('2026-11-01')?.map((t) => t.id)).toEqual(['early-sunday', 'late-sunday']);
  });

  it('keeps the March change on its own dates', () => {
    const days = groupByLocalDay([
      tour('before', '2027-03-14T06:30:00Z'), // 01:30 EST
      tour('after', '2027-03-14T07:30:00Z'), // 03:30 EDT
      tour('evening', '2027-03-15T03:59:00Z'), // 23:59 EDT
    ]);
    expect([...days.entries()].map(([d, ts]) => [d, ts.length])).toEqual([['2027-03-14', 3]]);
  });

  it('uses each tour’s own zone', () => {
    const days = groupByLocalDay([
      tour('ny', '2026-11-02T03:00:00Z'),
      tour('la', '2026-11-02T03:00:00Z', { timeZone: 'America/Los_Angeles' }),
      tour('london', '2026-11-02T03:00:00Z', { timeZone: 'Europe/London' }),
    ]);
    expect(days.get('2026-11-01')?.map((t) => t.id)).toEqual(['ny', 'la']);
    expect(days.get('2026-11-02')?.map((t) => t.id)).toEqual(['london']);
  });

  it('covers a day or the Monday-to-Sunday week of a date', () => {
    expect(agendaRange('day', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(agendaRange('week', '2026-11-01')).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    expect(datesBetween('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
  });

  it('offers answers to requests, cancel before the start and outcomes only after it', () => {
    const now = Date.parse('2026-11-10T12:00:00Z');
    const later = '2026-11-11T12:00:00Z';
    const earlier = '2026-11-09T12:00:00Z';
    expect(landlordActions(tour('a', later, { status: 'requested' }), now)).toEqual([
      'confirm',
      'decline',
    ]);
    expect(landlordActions(tour('b', earlier, { status: 'requested' }), now)).toEqual(['decline']);
    expect(landlordActions(tour('c', later), now)).toEqual(['cancel']);
    expect(landlordActions(tour('d', earlier), now)).toEqual(['complete', 'no-show']);
    for (const status of ['declined', 'expired', 'cancelled', 'completed', 'no_show'] as const) {
      expect(landlordActions(tour('e', earlier, { status }), now)).toEqual([]);
    }
  });
});
