import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOUR_SETTINGS,
  type TourSettings,
  type WeeklyHours,
} from '../../../shared/schemas/tours.ts';
import { computeSlots, findSlot, isBookableStart, type SlotInput } from './slots.ts';

const LISTING = 'listing-a';
const OTHER_LISTING = 'listing-b';
const ZONE = 'America/New_York';

const EVERY_DAY_FIVE_TO_SIX: WeeklyHours = {
  monday: [{ start: '17:00', end: '18:00' }],
  tuesday: [{ start: '17:00', end: '18:00' }],
  wednesday: [{ start: '17:00', end: '18:00' }],
  thursday: [{ start: '17:00', end: '18:00' }],
  friday: [{ start: '17:00', end: '18:00' }],
  saturday: [{ start: '17:00', end: '18:00' }],
  sunday: [{ start: '17:00', end: '18:00' }],
};

const WEEKDAY_EVENINGS: WeeklyHours = {
  monday: [{ start: '17:00', end: '20:00' }],
  tuesday: [{ start: '17:00', end: '20:00' }],
  wednesday: [{ start: '17:00', end: '20:00' }],
  thursday: [{ start: '17:00', end: '20:00' }],
  friday: [{ start: '17:00', end: '20:00' }],
  saturday: [],
  sunday: [],
};

type InputOverrides = Partial<Omit<SlotInput, 'settings'>> & { settings?: Partial<TourSettings> };

function input(overrides: InputOverrides = {}): SlotInput {
  const { settings, ...rest } = overrides;
  return {
    timeZone: ZONE,
    weeklyHours: WEEKDAY_EVENINGS,
    overrides: [],
    vacations: [],
    busy: [],
    holds: [],
    listingId: LISTING,
    from: '2026-11-09',
    to: '2026-11-15',
    now: new Date('2026-11-01T12:00:00Z'),
    ...rest,
    settings: {
      ...DEFAULT_TOUR_SETTINGS,
      minNoticeMinutes: 0,
      bufferAfterMinutes: 0,
      windowDays: 90,
      ...settings,
    },
  };
}

const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);

/** Slot starts on one local date (NY is UTC-5 in November). */
function startsOn(date: string, config: InputOverrides = {}) {
  return starts(computeSlots(input({ ...config, from: date, to: date })));
}

describe('slots across daylight saving time (America/New_York)', () => {
  it('keeps 17:00 local on both sides of the fall-back change (2026-11-01)', () => {
    const slots = computeSlots(
      input({
        weeklyHours: EVERY_DAY_FIVE_TO_SIX,
        settings: { lengthMinutes: 60, intervalMinutes: 60 },
        from: '2026-10-31',
        to: '2026-11-02',
        now: new Date('2026-10-25T12:00:00Z'),
      }),
    );
    expect(starts(slots)).toEqual([
      '2026-10-31T21:00:00.000Z', // 17:00 EDT (UTC-4)
      '2026-11-01T22:00:00.000Z', // 17:00 EST (UTC-5), the day of the change
      '2026-11-02T22:00:00.000Z',
    ]);
  });

  it('keeps 17:00 local on both sides of the spring-forward change (2027-03-14)', () => {
    const slots = computeSlots(
      input({
        weeklyHours: EVERY_DAY_FIVE_TO_SIX,
        settings: { lengthMinutes: 60, intervalMinutes: 60 },
        from: '2027-03-13',
        to: '2027-03-15',
        now: new Date('2027-03-10T12:00:00Z'),
      }),
    );
    expect(starts(slots)).toEqual([
      '2027-03-13T22:00:00.000Z', // 17:00 EST
      '2027-03-14T21:00:00.000Z', // 17:00 EDT, the day of the change
      '2027-03-15T21:00:00.000Z',
    ]);
  });

  it('skips the hour that does not exist and snaps a boundary inside it to the jump', () => {
    const on = (ranges: { start: string; end: string }[]) =>
      startsOn('2027-03-14', {
        weeklyHours: { ...WEEKDAY_EVENINGS, sunday: ranges },
        settings: { lengthMinutes: 30, intervalMinutes: 30 },
        now: new Date('2027-03-10T12:00:00Z'),
      });
    // 01:00-04:00 is two real hours: 01:00, 01:30 EST, then 03:00, 03:30 EDT.
    expect(on([{ start: '01:00', end: '04:00' }])).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
    ]);
    expect(on([{ start: '02:00', end: '02:30' }])).toEqual([]);
    expect(on([{ start: '02:30', end: '04:00' }])).toEqual([
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
    ]);
  });

  it('offers the repeated hour twice, and a boundary inside it is its first occurrence', () => {
    const on = (ranges: { start: string; end: string }[]) =>
      startsOn('2026-11-01', {
        weeklyHours: { ...WEEKDAY_EVENINGS, sunday: ranges },
        settings: { lengthMinutes: 60, intervalMinutes: 60 },
        now: new Date('2026-10-25T12:00:00Z'),
      });
    expect(on([{ start: '00:00', end: '03:00' }])).toEqual([
      '2026-11-01T04:00:00.000Z', // 00:00 EDT
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T07:00:00.000Z', // 02:00 EST
    ]);
    // 01:30 (first) to 02:00 is 90 real minutes: room for one hour-long tour.
    expect(on([{ start: '01:30', end: '02:00' }])).toEqual(['2026-11-01T05:30:00.000Z']);
    expect(on([{ start: '01:30', end: '03:00' }])[0]).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('time zones', () => {
  it('reads the hours in the landlord zone, whichever it is', () => {
    const first = (timeZone: string) => startsOn('2026-11-10', { timeZone })[0];
    expect(first('America/New_York')).toBe('2026-11-10T22:00:00.000Z');
    expect(first('Europe/London')).toBe('2026-11-10T17:00:00.000Z');
    expect(first('Asia/Kolkata')).toBe('2026-11-10T11:30:00.000Z');
    expect(first('America/New_York')).toBe('2026-11-10T22:00:00.000Z');
  });
});

describe('which dates are open', () => {
  it('an override opens a Sunday that is normally off', () => {
    const config = {
      overrides: [{ date: '2026-11-08', ranges: [{ start: '10:00', end: '11:00' }] }],
    };
    expect(startsOn('2026-11-08', config)).toEqual([
      '2026-11-08T15:00:00.000Z',
      '2026-11-08T15:20:00.000Z',
      '2026-11-08T15:40:00.000Z',
    ]);
    expect(startsOn('2026-11-15', config)).toEqual([]);
  });

  it('an empty override closes a weekday; an override replaces the weekly hours', () => {
    expect(startsOn('2026-11-10')).toHaveLength(9);
    expect(startsOn('2026-11-10', { overrides: [{ date: '2026-11-10', ranges: [] }] })).toEqual([]);
    expect(
      startsOn('2026-11-10', {
        overrides: [{ date: '2026-11-10', ranges: [{ start: '09:00', end: '09:20' }] }],
      }),
    ).toEqual(['2026-11-10T14:00:00.000Z']);
  });

  it('a vacation closes every date it covers, unless a date has its own override', () => {
    const config = {
      vacations: [{ start: '2026-11-09', end: '2026-11-11' }],
      overrides: [{ date: '2026-11-11', ranges: [{ start: '12:00', end: '12:20' }] }],
    };
    expect(startsOn('2026-11-09', config)).toEqual([]);
    expect(startsOn('2026-11-10', config)).toEqual([]);
    expect(startsOn('2026-11-11', config)).toEqual(['2026-11-11T17:00:00.000Z']);
    expect(startsOn('2026-11-12', config)).toHaveLength(9);
  });

  it('ranges may end at 24:00 and a day may have several ranges', () => {
    const weeklyHours = {
      ...WEEKDAY_EVENINGS,
      tuesday: [
        { start: '23:00', end: '24:00' },
        { start: '10:00', end: '11:00' },
      ],
    };
    expect(startsOn('2026-11-10', { weeklyHours })).toEqual([
      '2026-11-10T15:00:00.000Z',
      '2026-11-10T15:20:00.000Z',
      '2026-11-10T15:40:00.000Z',
      '2026-11-11T04:00:00.000Z',
      '2026-11-11T04:20:00.000Z',
      '2026-11-11T04:40:00.000Z',
    ]);
  });

  it('a slot must end inside its range', () => {
    const weeklyHours = { ...WEEKDAY_EVENINGS, tuesday: [{ start: '17:00', end: '17:50' }] };
    expect(startsOn('2026-11-10', { weeklyHours, settings: { intervalMinutes: 15 } })).toEqual([
      '2026-11-10T22:00:00.000Z',
      '2026-11-10T22:15:00.000Z',
      '2026-11-10T22:30:00.000Z',
    ]);
  });
});

describe('notice and window', () => {
  it('offers nothing that starts within the minimum notice', () => {
    // 16:30 local with two hours of notice: the first start is 18:40 (17:00 + 20-minute steps).
    const slots = startsOn('2026-11-10', {
      now: new Date('2026-11-10T21:30:00Z'),
      settings: { minNoticeMinutes: 120 },
    });
    expect(slots[0]).toBe('2026-11-10T23:40:00.000Z');
    expect(slots).toHaveLength(4);
  });

  it('counts the window from today in the landlord zone, today being day 1', () => {
    // 21:00 on Tuesday 11-10 in New York, already Wednesday in UTC.
    const config = {
      now: new Date('2026-11-11T02:00:00Z'),
      settings: { windowDays: 2 },
      from: '2026-11-09',
      to: '2026-11-13',
    };
    const slots = computeSlots(input(config));
    const dates = new Set(
      slots.map((slot) => new Date(slot.start).toLocaleDateString('en-CA', { timeZone: ZONE })),
    );
    expect([...dates]).toEqual(['2026-11-11']); // today's hours are over; tomorrow is day 2
  });

  it('offers nothing for dates in the past', () => {
    expect(startsOn('2026-11-10', { now: new Date('2026-11-20T12:00:00Z') })).toEqual([]);
  });
});

describe('existing tours and buffers', () => {
  const tour = (start: string, end: string, listingId = OTHER_LISTING) => ({
    listingId,
    start,
    end,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
  });
  // A tour of the same landlord on another listing, 18:00-18:20 on Tuesday 11-10.
  const busy = [tour('2026-11-10T23:00:00Z', '2026-11-10T23:20:00Z')];
  const local = (slots: string[]) =>
    slots.map((start) =>
      new Date(start).toLocaleTimeString('en-GB', { timeZone: ZONE, timeStyle: 'short' }),
    );

  it('blocks the overlapping slot only, without buffers', () => {
    expect(local(startsOn('2026-11-10', { busy }))).toEqual([
      '17:00',
      '17:20',
      '17:40',
      '18:20',
      '18:40',
      '19:00',
      '19:20',
      '19:40',
    ]);
  });

  it('keeps the buffer before each slot free (tours on other listings too)', () => {
    const slots = local(startsOn('2026-11-10', { busy, settings: { bufferBeforeMinutes: 30 } }));
    expect(slots).toEqual(['17:00', '17:20', '17:40', '19:00', '19:20', '19:40']);
  });

  it('keeps the buffer after each slot free', () => {
    const slots = local(startsOn('2026-11-10', { busy, settings: { bufferAfterMinutes: 30 } }));
    expect(slots).toEqual(['17:00', '18:20', '18:40', '19:00', '19:20', '19:40']);
  });

  it("honours the existing tour's own buffers", () => {
    const withOwn = [{ ...busy[0], bufferBeforeMinutes: 20, bufferAfterMinutes: 40 }];
    const slots = local(startsOn('2026-11-10', { busy: withOwn as typeof busy }));
    expect(slots).toEqual(['17:00', '17:20', '19:00', '19:20', '19:40']);
  });

  it('a tour on this listing takes the seat of its slot', () => {
    const mine = [tour('2026-11-10T23:00:00Z', '2026-11-10T23:20:00Z', LISTING)];
    expect(local(startsOn('2026-11-10', { busy: mine }))).not.toContain('18:00');
  });
});

describe('capacity, holds and the daily cap', () => {
  const onListing = (start: string, count: number) =>
    Array.from({ length: count }, () => ({
      listingId: LISTING,
      start,
      end: new Date(new Date(start).getTime() + 20 * 60_000).toISOString(),
    }));
  const fivePm = '2026-11-10T22:00:00.000Z';

  it('an open house offers its seats left until it is full', () => {
    const settings = { capacity: 3, bufferAfterMinutes: 10 };
    const slotAt = (busy: ReturnType<typeof onListing>) =>
      computeSlots(input({ busy, settings, from: '2026-11-10', to: '2026-11-10' }));
    expect(slotAt([]).find((slot) => slot.start === fivePm)?.seatsLeft).toBe(3);
    const two = slotAt(onListing(fivePm, 2));
    expect(two.find((slot) => slot.start === fivePm)?.seatsLeft).toBe(1);
    // Its neighbours keep their buffers from the open house.
    expect(two.find((slot) => slot.start === '2026-11-10T22:20:00.000Z')).toBeUndefined();
    expect(slotAt(onListing(fivePm, 3)).find((slot) => slot.start === fivePm)).toBeUndefined();
  });

  it('a waitlist hold keeps a seat from everyone except its renter', () => {
    const holds = [{ start: fivePm, end: '2026-11-10T22:20:00.000Z', renterId: 'renter-r' }];
    const seats = (capacity: number, forRenterId?: string) =>
      computeSlots(
        input({ holds, forRenterId, settings: { capacity }, from: '2026-11-10', to: '2026-11-10' }),
      ).find((slot) => slot.start === fivePm)?.seatsLeft;
    expect(seats(1)).toBeUndefined();
    expect(seats(1, 'renter-s')).toBeUndefined();
    expect(seats(1, 'renter-r')).toBe(1);
    expect(seats(3)).toBe(2);
    expect(seats(3, 'renter-r')).toBe(3);
  });

  it('a day at its cap of showings offers nothing new; other days are untouched', () => {
    const busy = [
      ...onListing(fivePm, 1),
      ...onListing('2026-11-10T23:00:00.000Z', 1),
      // Tours on other listings do not count toward this listing's cap.
      { listingId: OTHER_LISTING, start: '2026-11-11T22:00:00Z', end: '2026-11-11T22:20:00Z' },
      { listingId: OTHER_LISTING, start: '2026-11-11T23:00:00Z', end: '2026-11-11T23:20:00Z' },
    ];
    const config = { busy, settings: { maxPerDay: 2 } };
    expect(startsOn('2026-11-10', config)).toEqual([]);
    expect(startsOn('2026-11-11', config)).toHaveLength(7);
    expect(startsOn('2026-11-10', { busy, settings: { maxPerDay: 3 } })).toHaveLength(7);
  });

  it('an open house already booked keeps its seats on a day at its cap', () => {
    const slots = computeSlots(
      input({
        busy: onListing(fivePm, 1),
        settings: { capacity: 4, maxPerDay: 1 },
        from: '2026-11-10',
        to: '2026-11-10',
      }),
    );
    expect(slots).toEqual([{ start: fivePm, end: '2026-11-10T22:20:00.000Z', seatsLeft: 3 }]);
  });
});

describe('isBookableStart', () => {
  it('tells a bookable start from one off the grid, taken or too soon', () => {
    const base = input();
    expect(isBookableStart(base, '2026-11-10T17:20:00-05:00')).toBe(true);
    expect(findSlot(base, '2026-11-10T22:20:00Z')).toEqual({
      start: '2026-11-10T22:20:00.000Z',
      end: '2026-11-10T22:40:00.000Z',
      seatsLeft: 1,
    });
    expect(isBookableStart(base, '2026-11-10T22:25:00Z')).toBe(false);
    expect(isBookableStart(base, '2026-11-08T22:20:00Z')).toBe(false);
    expect(isBookableStart(base, 'not a time')).toBe(false);
    const taken = input({
      busy: [{ listingId: LISTING, start: '2026-11-10T22:20:00Z', end: '2026-11-10T22:40:00Z' }],
    });
    expect(isBookableStart(taken, '2026-11-10T22:20:00Z')).toBe(false);
    const soon = input({
      now: new Date('2026-11-10T21:30:00Z'),
      settings: { minNoticeMinutes: 120 },
    });
    expect(isBookableStart(soon, '2026-11-10T22:20:00Z')).toBe(false);
  });
});
