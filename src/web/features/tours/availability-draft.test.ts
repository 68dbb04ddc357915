import { describe, expect, it } from 'vitest';
import { DEFAULT_TOUR_SETTINGS, type WeeklyHours } from '../../../shared/schemas/tours.ts';
import { weeklyHours } from '../../testing/tour-fixtures.ts';
import { settingBounds, validateAvailability, validateTourSettings } from './availability-draft.ts';
import { copyDay, nextRange } from './availability-helpers.ts';

const week = (monday: WeeklyHours['monday']): WeeklyHours => weeklyHours({ monday });

describe('the availability draft', () => {
  it('suggests the next range after the last one, and 9 to 5 on an empty day', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '17:00', end: '20:00' }])).toEqual({ start: '21:00', end: '22:00' });
    expect(nextRange([{ start: '20:00', end: '24:00' }])).toEqual({ start: '23:00', end: '24:00' });
  });

  it('copies a day onto others without sharing its ranges', () => {
    const copied = copyDay(week([{ start: '17:00', end: '20:00' }]), 'monday', [
      'friday',
      'monday',
    ]);
    expect(copied.friday).toEqual([{ start: '17:00', end: '20:00' }]);
    expect(copied.friday).not.toBe(copied.monday);
    expect(copied.friday[0]).not.toBe(copied.monday[0]);
  });

  it('keys messages by field path, with the shared schemas’ words', () => {
    const errors = validateAvailability({
      timeZone: 'Mars/Olympus',
      weeklyHours: week([
        { start: '17:00', end: '20:00' },
        { start: '19:00', end: '19:00' },
      ]),
      overrides: [
        { date: '2026-12-01', ranges: [] },
        { date: '2026-12-01', ranges: [] },
      ],
      vacations: [{ start: '2026-12-24', end: '2026-12-20' }],
      tourDefaults: { ...DEFAULT_TOUR_SETTINGS, lengthMinutes: Number.NaN, types: [] },
    });
    expect(errors).toMatchObject({
      timeZone: 'Unknown time zone.',
      'weeklyHours.monday.1.end': 'A range must end after it starts.',
      overrides: 'Each date can have only one override.',
      'vacations.0.end': 'A vacation must end on or after its first day.',
      'tourDefaults.lengthMinutes': 'Enter a whole number from 10 to 240.',
      'tourDefaults.types': 'Offer at least one tour type.',
    });
    expect(
      validateAvailability({
        timeZone: 'America/New_York',
        weeklyHours: week([
          { start: '17:00', end: '20:00' },
          { start: '19:00', end: '21:00' },
        ]),
        overrides: [],
        vacations: [],
        tourDefaults: DEFAULT_TOUR_SETTINGS,
      }),
    ).toEqual({ 'weeklyHours.monday': 'Ranges on one day must not overlap.' });
  });

  it('reads each setting’s bounds from the schema', () => {
    expect(settingBounds('capacity')).toEqual({ min: 1, max: 50 });
    expect(settingBounds('maxPerDay')).toEqual({ min: 1, max: 100 });
    expect(settingBounds('mode')).toBeNull();
    expect(validateTourSettings({ ...DEFAULT_TOUR_SETTINGS, capacity: 51 })).toEqual({
      capacity: 'Enter a whole number from 1 to 50.',
    });
    expect(validateTourSettings(DEFAULT_TOUR_SETTINGS)).toEqual({});
  });
});
