import { eq } from 'drizzle-orm';
import type { Application } from '../../../shared/schemas/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { escapeHtml } from '../../lib/html.ts';
import { emailLayout } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { EventsTransaction } from '../events/events.service.ts';

/*
 * A mail on each change of an application (issues 28, 29) to everyone it concerns: the
 * landlord, and each person on the renter's side. A landlord's look and a document opened are
 * on the timeline and live, not mailed.
 */

export type ApplicationMailDeps = { mailer: Mailer; baseUrl: string };

export type MailKind =
  | 'submitted'
  | 'info_requested'
  | 'responded'
  | 'offered'
  | 'accepted'
  | 'offer_rejected'
  | 'declined'
  | 'withdrawn'
  | 'closed'
  | 'member_joined'
  | 'member_left'
  | 'member_removed';

type Line = (a: Application) => string;

/**
 * Who hears of each change and what it says: `landlord` the landlord's mail, `household` the
 * mail to everyone on the renter's side (the primary applicant and each member who joined).
 * Whoever made the change is not mailed about it.
 */
const MAILS: Record<
  MailKind,
  {
    landlord?: { subject: Line; line: Line };
    household?: { subject: Line; line: Line };
  }
> = {
  submitted: {
    landlord: {
      subject: (a) => `New application: ${a.listing.title}`,
      line: (a) => `${applicants(a)} applied for ${a.listing.title}.`,
    },
    household: {
      subject: (a) => `Your application is with the landlord: ${a.listing.title}`,
      line: (a) =>
        `Everyone has joined: your application for ${a.listing.title} is now with the landlord.`,
    },
  },
  info_requested: {
    household: {
      subject: (a) => `The landlord asks for more: ${a.listing.title}`,
      line: (a) => `The landlord of ${a.listing.title} asks: "${a.timeline.at(-1)?.detail ?? ''}"`,
    },
  },
  responded: {
    landlord: {
      subject: (a) => `${a.applicant.name} answered: ${a.listing.title}`,
      line: (a) => `${a.applicant.name} answered your question about ${a.listing.title}.`,
    },
    household: {
      subject: (a) => `${a.applicant.name} answered the landlord: ${a.listing.title}`,
      line: (a) => `${a.applicant.name} answered the landlord's question about ${a.listing.title}.`,
    },
  },
  offered: {
    household: {
      subject: (a) => `You have an offer: ${a.listing.title}`,
      line: (a) =>
        `The landlord of ${a.listing.title} made you an offer. Review its terms and fees, then accept or turn it down.`,
    },
  },
  accepted: {
    landlord: {
      subject: (a) => `Offer accepted: ${a.listing.title}`,
      line: (a) =>
        `${a.applicant.name} accepted your offer for ${a.listing.title}. The listing is now rented.`,
    },
    household: {
      subject: (a) => `Offer signed: ${a.listing.title}`,
      line: (a) =>
        `${a.applicant.name} accepted and signed the offer for ${a.listing.title}. The signed offer is on Stoop to download.`,
    },
  },
  offer_rejected: {
    landlord: {
      subject: (a) => `Offer turned down: ${a.listing.title}`,
      line: (a) => `${a.applicant.name} turned down your offer for ${a.listing.title}.`,
    },
    household: {
      subject: (a) => `Offer turned down: ${a.listing.title}`,
      line: (a) => `${a.applicant.name} turned down the offer for ${a.listing.title}.`,
    },
  },
  declined: {
    household: {
      subject: (a) => `Application update: ${a.listing.title}`,
      line: (a) =>
        `The landlord of ${a.listing.title} declined your application. Your profile is saved for your next one.`,
    },
  },
  withdrawn: {
    landlord: {
      subject: (a) => `Application withdrawn: ${a.listing.title}`,
      line: (a) => `${a.applicant.name} withdrew their application for ${a.listing.title}.`,
    },
    household: {
      subject: (a) => `Application withdrawn: ${a.listing.title}`,
      line: (a) => `${a.applicant.name} withdrew the application for ${a.listing.title}.`,
    },
  },
  closed: {
    household: {
      subject: (a) => `${a.listing.title} has been rented`,
      line: (a) => a.timeline.at(-1)?.detail ?? `${a.listing.title} has been rented.`,
    },
  },
  member_joined: {
    household: {
      subject: (a) => `${a.timeline.at(-1)?.detail ?? 'Someone'} joined: ${a.listing.title}`,
      line: (a) =>
        `${a.timeline.at(-1)?.detail ?? 'Someone'} joined the application for ${a.listing.title}.`,
    },
  },
  member_left: {
    household: {
      subject: (a) => `${a.timeline.at(-1)?.detail ?? 'Someone'} left: ${a.listing.title}`,
      line: (a) =>
        `${a.timeline.at(-1)?.detail ?? 'Someone'} left the application for ${a.listing.title}.`,
    },
  },
  member_removed: {
    household: {
      subject: (a) => `Household changed: ${a.listing.title}`,
      line: (a) =>
        `${a.applicant.name} removed ${a.timeline.at(-1)?.detail ?? 'someone'} from the application for ${a.listing.title}.`,
    },
  },
};

/** "Rhea Renter", "Rhea Renter and Sam Roommate", "A, B and C": who applies together. */
function applicants(a: Application): string {
  const names = [
    a.applicant.name,
    ...a.members.filter((m) => m.role === 'co_applicant' && m.name).map((m) => m.name as string),
  ];
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** One mail in `tx` (sent once it commits), unless the account is deleted. */
export async function mailPerson(
  tx: EventsTransaction,
  deps: ApplicationMailDeps,
  to: { userId: string } | { email: string; name: string },
  mail: { subject: string; line: string; path: string; action?: string },
): Promise<void> {
  let person: { email: string; name: string } | undefined;
  if ('userId' in to) {
    [person] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, to.userId));
  } else person = to;
  // A deleted account keeps its row as a tombstone with no address to write to.
  if (!person?.email || person.email.endsWith('.invalid')) return;
  const url = `${deps.baseUrl}${mail.path}`;
  const action = mail.action ?? 'See it on Stoop';
  const text = [`Hi ${person.name},`, '', mail.line, '', `${action}: ${url}`, '', '— Stoop'].join(
    '\n',
  );
  const html = emailLayout(
    mail.subject,
    `<p>Hi ${escapeHtml(person.name)},</p><p>${escapeHtml(mail.line)}</p>
<p><a href="${escapeHtml(url)}" style="color:#0f766e;font-weight:600">${escapeHtml(action)}</a></p>`,
  );
  await deps.mailer.send({ to: person.email, subject: mail.subject, text, html }, tx);
}

/** Mails a change to everyone it concerns but its actor, each in their own words. */
export async function mailChange(
  tx: EventsTransaction,
  deps: ApplicationMailDeps,
  input: {
    kind: MailKind;
    actorId: string;
    recipients: { userId: string; application: Application; landlord: boolean }[];
  },
): Promise<void> {
  const spec = MAILS[input.kind];
  for (const { userId, application, landlord } of input.recipients) {
    if (userId === input.actorId) continue;
    const words = landlord ? spec.landlord : spec.household;
    if (!words) continue;
    await mailPerson(
      tx,
      deps,
      { userId },
      {
        subject: words.subject(application),
        line: words.line(application),
        path: landlord ? '/landlord/applications' : '/applications',
      },
    );
  }
}
