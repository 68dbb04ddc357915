import { escapeHtml } from '../../lib/html.ts';
import { emailLayout } from '../../lib/mail-templates.ts';
import type { Mail } from '../../lib/mailer.ts';
import { calendarFileName, tourCalendar } from './tour-calendar.ts';
import type { TourRecord } from './tour-view.ts';

/*
 * The mails of a tour's life (issue 13): both sides hear of every change, each with the tour's
 * current .ics attached, so their calendars follow (same UID, higher SEQUENCE, METHOD:CANCEL).
 */

export type TourMailKind =
  | 'booked'
  | 'requested'
  | 'confirmed'
  | 'declined'
  | 'expired'
  | 'cancelled'
  | 'rescheduled'
  | 'completed'
  | 'no_show'
  | 'reminder-24h'
  | 'reminder-2h';

export type MailOptions = { baseUrl: string; organizerEmail: string };

/** "Tue, Dec 1, 5:00 PM EST" in the listing's zone. */
/** Building a formatter costs more than formatting (about a millisecond): one per zone. */
const tourTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatTourTime(iso: string, timeZone: string): string {
  let format = tourTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    tourTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

type Lines = { subject: string; lines: string[] };

function wording(
  tour: TourRecord,
  kind: TourMailKind,
  side: 'renter' | 'landlord',
  when: string,
): Lines {
  const place = tour.listing.title;
  const renter = tour.renter.name;
  const landlord = tour.landlord.name;
  const byWhom =
    tour.cancelledBy === side ? 'You' : tour.cancelledBy === 'renter' ? renter : landlord;
  const reason = tour.cancelReason ? [`Reason: ${tour.cancelReason}`] : [];
  switch (kind) {
    case 'booked':
      return side === 'renter'
        ? {
            subject: `Tour confirmed: ${place}`,
            lines: [`Your tour of ${place} is confirmed for ${when}.`],
          }
        : {
            subject: `New tour: ${renter}, ${when}`,
            lines: [`${renter} booked a tour of ${place} for ${when}.`],
          };
    case 'requested':
      return side === 'renter'
        ? {
            subject: `Tour request sent: ${place}`,
            lines: [
              `You asked to tour ${place} on ${when}. ${landlord} will confirm or decline; we will email you either way.`,
            ],
          }
        : {
            subject: `Tour request: ${renter}, ${when}`,
            lines: [
              `${renter} asked to tour ${place} on ${when}. Please confirm or decline it in Stoop before it expires.`,
            ],
          };
    case 'confirmed':
      return side === 'renter'
        ? {
            subject: `Tour confirmed: ${place}`,
            lines: [`${landlord} confirmed your tour of ${place} on ${when}.`],
          }
        : {
            subject: `You confirmed a tour: ${when}`,
            lines: [`You confirmed ${renter}'s tour of ${place} on ${when}.`],
          };
    case 'declined':
      return side === 'renter'
        ? {
            subject: `Tour request declined: ${place}`,
            lines: [
              `${landlord} could not take your tour of ${place} on ${when}. You can pick another time on the listing.`,
              ...reason,
            ],
          }
        : {
            subject: `You declined a tour request: ${when}`,
            lines: [`You declined ${renter}'s request to tour ${place} on ${when}.`, ...reason],
          };
    case 'expired':
      return side === 'renter'
        ? {
            subject: `Tour request expired: ${place}`,
            lines: [
              `Your request to tour ${place} on ${when} was not answered in time. You can pick another time on the listing.`,
            ],
          }
        : {
            subject: `A tour request expired: ${when}`,
            lines: [`${renter}'s request to tour ${place} on ${when} expired unanswered.`],
          };
    case 'cancelled':
      return {
        subject: `Tour cancelled: ${place}, ${when}`,
        lines: [`${byWhom} cancelled the tour of ${place} on ${when}.`, ...reason],
      };
    case 'rescheduled':
      return {
        subject: `Tour moved: ${place}, now ${when}`,
        lines: [
          `The tour of ${place} was moved to ${when}${tour.status === 'requested' ? ' (waiting for the landlord to confirm)' : ''}.`,
        ],
      };
    case 'completed':
      return side === 'renter'
        ? {
            subject: `Thanks for touring ${place}`,
            lines: [
              `We hope the tour of ${place} went well. You can message ${landlord} in Stoop with any questions.`,
            ],
          }
        : {
            subject: `Tour completed: ${renter}`,
            lines: [`You marked ${renter}'s tour of ${place} on ${when} as completed.`],
          };
    case 'no_show':
      return side === 'renter'
        ? {
            subject: `Missed tour: ${place}`,
            lines: [
              `${landlord} marked the tour of ${place} on ${when} as missed. You can book another time on the listing.`,
            ],
          }
        : {
            subject: `Tour marked as a no-show: ${renter}`,
            lines: [`You marked ${renter}'s tour of ${place} on ${when} as a no-show.`],
          };
    case 'reminder-24h':
    case 'reminder-2h': {
      const soon = kind === 'reminder-24h' ? 'tomorrow' : 'in 2 hours';
      const other = side === 'renter' ? landlord : renter;
      return {
        subject: `Reminder: tour ${soon}, ${when}`,
        lines: [`Your tour of ${place} with ${other} is ${soon}: ${when}.`],
      };
    }
  }
}

/** The mail `kind` sends to each side of `tour`, with its calendar file attached. */
export function tourMails(tour: TourRecord, kind: TourMailKind, options: MailOptions): Mail[] {
  const when = formatTourTime(tour.start, tour.timeZone);
  const ics = tourCalendar(tour, options);
  const attachment = {
    filename: calendarFileName(tour),
    contentType: 'text/calendar; charset=utf-8',
    content: ics,
  };
  const sides = [
    { side: 'renter' as const, to: tour.renterEmail, name: tour.renter.name, path: '/tours' },
    {
      side: 'landlord' as const,
      to: tour.landlordEmail,
      name: tour.landlord.name,
      path: '/landlord/tours',
    },
  ];
  return sides.map(({ side, to, name, path }) => {
    const { subject, lines } = wording(tour, kind, side, when);
    const url = `${options.baseUrl}${path}`;
    const text = [`Hi ${name},`, '', ...lines, '', `Your tours: ${url}`, '', '— Stoop'].join('\n');
    const html = emailLayout(
      subject,
      `<p>Hi ${escapeHtml(name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p><a href="${escapeHtml(url)}" style="color:#0f766e;font-weight:600">See your tours</a></p>
<p style="font-size:14px;color:#52606d">The attached calendar file keeps your calendar up to date.</p>`,
    );
    return { to, subject, text, html, attachments: [attachment] };
  });
}

/** A waitlist offer: a slot held for the renter until `expiresAt`. */
export function waitlistOfferMail(input: {
  to: string;
  name: string;
  listingTitle: string;
  listingId: string;
  start: string;
  expiresAt: string;
  timeZone: string;
  baseUrl: string;
}): Mail {
  const when = formatTourTime(input.start, input.timeZone);
  const until = formatTourTime(input.expiresAt, input.timeZone);
  const subject = `A tour time opened up: ${input.listingTitle}`;
  const url = `${input.baseUrl}/listings/${input.listingId}`;
  const lines = [
    `A tour of ${input.listingTitle} opened up on ${when}, and you are next on the waitlist.`,
    `We are holding it for you until ${until}. After that it goes to the next person in line.`,
  ];
  const text = [`Hi ${input.name},`, '', ...lines, '', `Book it: ${url}`, '', '— Stoop'].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Book this tour</a></p>`,
  );
  return { to: input.to, subject, text, html };
}
