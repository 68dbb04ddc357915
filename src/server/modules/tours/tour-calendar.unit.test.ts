import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarTour, calendarUid, tourCalendar } from './tour-calendar.ts';

/** The calendar file read back by a second, independent iCalendar library (ical.js). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  return { calendar, vevent, event };
}

const tour: CalendarTour = {
  id: '3f8a1c52-5d1e-4c44-9a55-0d3c2b8e7f10',
  chainRootId: '11111111-2222-4333-8444-555555555555',
  start: '2026-12-01T22:00:00.000Z',
  end: '2026-12-01T22:20:00.000Z',
  type: 'in_person',
  status: 'confirmed',
  note: 'Buzz 4F, please',
  sequence: 2,
  updatedAt: '2026-11-24T12:00:00.000Z',
  listing: {
    id: '9a6f0e8e-1f7d-4a0e-8c53-1b2f6b4b0a11',
    title: 'Corner 1BR by the park',
    address: '215 Bedford Ave',
    unit: '4F',
    neighborhood: 'williamsburg',
    borough: 'Brooklyn',
    coverPhotoUrl: null,
  },
  landlord: { id: '0b8e8f5e-7a8c-4f0e-9d4c-2a1b3c4d5e6f', name: 'Daniel Okafor' },
};
const options = { baseUrl: 'https://stoop.test', organizerEmail: 'no-reply@stoop.test' };

describe('tour calendar file', () => {
  it('carries the chain UID, SEQUENCE, UTC times and the address for an in-person tour', () => {
    const { calendar, vevent, event } = parse(tourCalendar(tour, options));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe(calendarUid(tour.chainRootId));
    expect(event.uid).toBe('tour-11111111-2222-4333-8444-555555555555@stoop');
    expect(event.sequence).toBe(2);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.endDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe(tour.start);
    expect(event.endDate.toJSDate().toISOString()).toBe(tour.end);
    expect(event.location).toBe('215 Bedford Ave, 4F, Brooklyn, NY');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.description).toContain('Buzz 4F, please');
  });

  it('is tentative while requested, and has no address for a video tour', () => {
    const { vevent, event } = parse(
      tourCalendar({ ...tour, status: 'requested', type: 'video' }, options),
    );
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(event.location).toBeNull();
    expect(event.summary).toBe('Video tour: Corner 1BR by the park');
  });

  it.each(['cancelled', 'declined', 'expired'] as const)(
    'a %s tour has METHOD:CANCEL and STATUS:CANCELLED with the same UID',
    (status) => {
      const { calendar, vevent, event } = parse(
        tourCalendar({ ...tour, status, sequence: 3 }, options),
      );
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(event.uid).toBe(calendarUid(tour.chainRootId));
      expect(event.sequence).toBe(3);
    },
  );
});
