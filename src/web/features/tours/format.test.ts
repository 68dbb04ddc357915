import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatLocalDate,
  formatMinutes,
  formatTime,
  formatTimeOfDay,
  localDate,
  startOfWeek,
  weekdayOf,
  zoneAbbreviation,
} from './format.ts';

const NY = 'America/New_York';

describe('tour formatting', () => {
  it('shows 17:00 New York as 5:00 PM on both sides of the November change', () => {
    expect(formatTime('2026-10-31T21:00:00Z', NY)).toBe('5:00 PM');
    expect(zoneAbbreviation('2026-10-31T21:00:00Z', NY)).toBe('EDT');
    expect(formatTime('2026-11-02T22:00:00Z', NY)).toBe('5:00 PM');
    expect(zoneAbbreviation('2026-11-02T22:00:00Z', NY)).toBe('EST');
  });

  it('puts a late evening tour on its local date, not the UTC one', () => {
    expect(localDate('2026-11-03T03:30:00Z', NY)).toBe('2026-11-02');
    expect(localDate('2027-03-14T04:30:00Z', NY)).toBe('2027-03-13');
    expect(formatTime('2027-03-14T07:30:00Z', NY)).toBe('3:30 AM');
  });

  it('does date arithmetic on calendar days, across the DST changes', () => {
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2027-03-13', 2)).toBe('2027-03-15');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-01')).toBe('sunday');
    expect(weekdayOf('2026-11-02')).toBe('monday');
    expect(startOfWeek('2026-11-01')).toBe('2026-10-26');
    expect(startOfWeek('2026-11-02')).toBe('2026-11-02');
    expect(formatLocalDate('2026-11-02')).toBe('Mon, Nov 2');
  });

  it('writes times of day and durations', () => {
    expect(formatTimeOfDay('17:30')).toBe('5:30 PM');
    expect(formatTimeOfDay('00:15')).toBe('12:15 AM');
    expect(formatTimeOfDay('12:00')).toBe('12:00 PM');
    expect(formatTimeOfDay('24:00')).toBe('midnight');
    expect(formatMinutes(20)).toBe('20 min');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(1440)).toBe('1 day');
  });
});
