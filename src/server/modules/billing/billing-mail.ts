import { escapeHtml } from '../../lib/html.ts';
import { emailLayout } from '../../lib/mail-templates.ts';
import type { Mail } from '../../lib/mailer.ts';

/*
 * The mails billing sends a landlord: a payment that failed (with the date listings will be
 * paused), and listings paused (after the grace period, or by a downgrade at period end).
 */

export type Recipient = { email: string; name: string };

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

const day = (at: Date) =>
  at.toLocaleDateString('en-US', {
    timeZone: 'America/New_York',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });

function mail(
  to: Recipient,
  subject: string,
  paragraphs: string[],
  link: { url: string; label: string },
): Mail {
  const text = [
    `Hi ${to.name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    link.url,
    '',
    '— Stoop',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(to.name)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`,
  );
  return { to: to.email, subject, text, html };
}

export function paymentFailedMail(
  to: Recipient,
  input: {
    invoiceNumber: string;
    totalCents: number;
    reason: string;
    graceEndsAt: Date;
    freeLimit: number;
    baseUrl: string;
    /** False when payments are off on the site: no card can pay it, so none is asked for. */
    payable?: boolean;
  },
): Mail {
  const payable = input.payable ?? true;
  return mail(
    to,
    `Payment failed for invoice ${input.invoiceNumber}`,
    [
      `We could not charge ${dollars(input.totalCents)} for invoice ${input.invoiceNumber}: ${input.reason}`,
      `Your listings stay live until ${day(input.graceEndsAt)}. If the invoice is still unpaid then, listings beyond the free plan's ${input.freeLimit} go back to draft and your plan returns to Free.`,
      payable
        ? 'Update your card to pay it now.'
        : 'Nothing was charged, and no card can pay it until the site sets up payments.',
    ],
    payable
      ? { url: `${input.baseUrl}/landlord/billing`, label: 'Update your card' }
      : { url: `${input.baseUrl}/landlord/billing`, label: 'See your plan' },
  );
}

export function listingsPausedMail(
  to: Recipient,
  input: {
    cause: 'unpaid' | 'downgrade';
    planName: string;
    limit: number;
    titles: string[];
    baseUrl: string;
  },
): Mail {
  const n = input.titles.length;
  const shown = input.titles.slice(0, 10).join('; ');
  const list = n > 10 ? `${shown}; and ${n - 10} more` : shown;
  const why =
    input.cause === 'unpaid'
      ? `Your invoice was still unpaid at the end of the grace period, so your plan is now ${input.planName}.`
      : `Your plan changed to ${input.planName} at the start of this billing period.`;
  return mail(
    to,
    `${n} listing${n === 1 ? '' : 's'} moved back to draft`,
    [
      why,
      `${input.planName} allows ${input.limit} active listing${input.limit === 1 ? '' : 's'}, so ${n === 1 ? 'this listing is' : 'these listings are'} back in draft, with everything kept: ${list}.`,
      'Choose a larger plan to publish them again with one click.',
    ],
    { url: `${input.baseUrl}/landlord/billing`, label: 'See plans' },
  );
}
