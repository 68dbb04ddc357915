import { eq } from 'drizzle-orm';
import type { Application } from '../../../shared/schemas/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { escapeHtml } from '../../lib/html.ts';
import { emailLayout } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { EventsTransaction } from '../events/events.service.ts';

/*
 * A mail to the other side on each change of an application (issue 28). A landlord's look and a
 * document opened are on the timeline and live, not mailed.
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
  | 'closed';

/** Who hears of each change, what it says, and where it links. */
const MAILS: Record<
  MailKind,
  {
    to: 'renter' | 'landlord';
    subject: (a: Application) => string;
    line: (a: Application) => string;
  }
> = {
  submitted: {
    to: 'landlord',
    subject: (a) => `New application: ${a.listing.title}`,
    line: (a) => `${a.applicant.name} applied for ${a.listing.title}.`,
  },
  info_requested: {
    to: 'renter',
    subject: (a) => `The landlord asks for more: ${a.listing.title}`,
    line: (a) => `The landlord of ${a.listing.title} asks: "${a.timeline.at(-1)?.detail ?? ''}"`,
  },
  responded: {
    to: 'landlord',
    subject: (a) => `${a.applicant.name} answered: ${a.listing.title}`,
    line: (a) => `${a.applicant.name} answered your question about ${a.listing.title}.`,
  },
  offered: {
    to: 'renter',
    subject: (a) => `You have an offer: ${a.listing.title}`,
    line: (a) =>
      `The landlord of ${a.listing.title} made you an offer. Review its terms and fees, then accept or turn it down.`,
  },
  accepted: {
    to: 'landlord',
    subject: (a) => `Offer accepted: ${a.listing.title}`,
    line: (a) =>
      `${a.applicant.name} accepted your offer for ${a.listing.title}. The listing is now rented.`,
  },
  offer_rejected: {
    to: 'landlord',
    subject: (a) => `Offer turned down: ${a.listing.title}`,
    line: (a) => `${a.applicant.name} turned down your offer for ${a.listing.title}.`,
  },
  declined: {
    to: 'renter',
    subject: (a) => `Application update: ${a.listing.title}`,
    line: (a) =>
      `The landlord of ${a.listing.title} declined your application. Your profile is saved for your next one.`,
  },
  withdrawn: {
    to: 'landlord',
    subject: (a) => `Application withdrawn: ${a.listing.title}`,
    line: (a) => `${a.applicant.name} withdrew their application for ${a.listing.title}.`,
  },
  closed: {
    to: 'renter',
    subject: (a) => `${a.listing.title} has been rented`,
    line: (a) => a.timeline.at(-1)?.detail ?? `${a.listing.title} has been rented.`,
  },
};

/** Stores the mail in `tx` (sent once it commits) to the side that did not act. */
export async function mailOtherSide(
  tx: EventsTransaction,
  deps: ApplicationMailDeps,
  application: Application,
  landlordId: string,
  kind: MailKind,
): Promise<void> {
  const spec = MAILS[kind];
  const userId = spec.to === 'renter' ? application.applicant.id : landlordId;
  const [person] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  // A deleted account keeps its row as a tombstone with no address to write to.
  if (!person?.email || person.email.endsWith('.invalid')) return;
  const path = spec.to === 'renter' ? '/applications' : '/landlord/applications';
  const url = `${deps.baseUrl}${path}`;
  const subject = spec.subject(application);
  const line = spec.line(application);
  const text = [`Hi ${person.name},`, '', line, '', `See it on Stoop: ${url}`, '', '— Stoop'].join(
    '\n',
  );
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(person.name)},</p><p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(url)}" style="color:#0f766e;font-weight:600">See it on Stoop</a></p>`,
  );
  await deps.mailer.send({ to: person.email, subject, text, html }, tx);
}
