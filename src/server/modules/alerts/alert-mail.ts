import { formatBedrooms, formatRent } from '../../../shared/listings.ts';
import { findNeighborhood } from '../../../shared/neighborhoods.ts';
import type { Alert } from '../../../shared/schemas/saved-searches.ts';
import { escapeHtml } from '../../lib/html.ts';
import { emailLayout } from '../../lib/mail-templates.ts';
import type { Mail } from '../../lib/mailer.ts';

/*
 * Alert mail (issue 16): a saved search's instant alert or daily digest, or a saved listing's
 * price drop / "rented". Text and HTML parts; every alert links to its listing; RFC 8058
 * one-click unsubscribe headers plus a visible link to the unsubscribe page.
 */

export type AlertMailInput = {
  to: string;
  name: string;
  baseUrl: string;
  /** The signed unsubscribe token for what this mail is about. */
  token: string;
  /** The saved search, or null for saved-listing alerts. */
  search: { name: string } | null;
  digest: boolean;
  alerts: Alert[];
};

export const listingUrl = (baseUrl: string, id: string) =>
  `${baseUrl}/listings/${encodeURIComponent(id)}`;
/** The web page (paths.alertsUnsubscribe) a person opens from the mail. */
export const unsubscribePageUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
/** The endpoint a mail provider posts to (RFC 8058 List-Unsubscribe). */
export const unsubscribeApiUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

function headline(alert: Alert): string {
  const { listing } = alert;
  if (alert.kind === 'rented') return `Rented: ${listing.title}`;
  if (alert.kind === 'price_drop') return `Price drop: ${listing.title}`;
  return `New: ${listing.title}`;
}

function details(alert: Alert): string {
  const { listing } = alert;
  if (alert.kind === 'rented') return 'This apartment has been rented and is off the market.';
  const parts = [
    listing.neighborhood
      ? (findNeighborhood(listing.neighborhood)?.name ?? listing.neighborhood)
      : null,
    listing.bedrooms === null ? null : formatBedrooms(listing.bedrooms),
    listing.rentCents === null ? null : `${formatRent(listing.rentCents)}/mo`,
  ].filter((part): part is string => part !== null);
  const was =
    alert.kind === 'price_drop' && alert.previousRentCents !== null
      ? ` (was ${formatRent(alert.previousRentCents)})`
      : '';
  return `${parts.join(' · ')}${was}`;
}

function subjectOf(input: AlertMailInput): string {
  const [first] = input.alerts;
  const n = input.alerts.length;
  if (input.search) {
    const name = `“${input.search.name}”`;
    if (input.digest) return `Today for ${name}: ${n} ${n === 1 ? 'update' : 'updates'}`;
    if (n === 1 && first) {
      return first.kind === 'price_drop'
        ? `Price drop for ${name}: ${first.listing.title}`
        : `New match for ${name}: ${first.listing.title}`;
    }
    return `${n} updates for ${name}`;
  }
  if (n === 1 && first) {
    return first.kind === 'rented'
      ? `A saved listing was rented: ${first.listing.title}`
      : `Price drop on a saved listing: ${first.listing.title}`;
  }
  return `${n} updates on your saved listings`;
}

function intro(input: AlertMailInput): string {
  if (!input.search) return 'News about listings you saved:';
  const name = `“${input.search.name}”`;
  if (input.digest) return `Today’s news for your saved search ${name}:`;
  return input.alerts.length === 1 && input.alerts[0]?.kind === 'new_match'
    ? `A new listing matches your saved search ${name}:`
    : `News for your saved search ${name}:`;
}

function reason(input: AlertMailInput): string {
  if (!input.search) return 'You get this email because you saved these listings on Stoop.';
  const how = input.digest ? 'a daily digest' : 'instant alerts';
  return `You get this email because you saved the search “${input.search.name}” on Stoop with ${how}.`;
}

export function alertMail(input: AlertMailInput): Mail {
  const subject = subjectOf(input);
  const pageUrl = unsubscribePageUrl(input.baseUrl, input.token);
  const stop = input.search ? 'Stop alerts for this search' : 'Stop alerts about saved listings';
  const allUrl = `${input.baseUrl}${input.search ? '/saved-searches' : '/saved-listings'}`;
  const all = input.search ? 'See all your saved searches' : 'See your saved listings';
  const text = [
    `Hi ${input.name},`,
    '',
    intro(input),
    '',
    ...input.alerts.flatMap((alert) => [
      headline(alert),
      details(alert),
      listingUrl(input.baseUrl, alert.listing.id),
      '',
    ]),
    `${all}: ${allUrl}`,
    '',
    reason(input),
    `${stop}: ${pageUrl}`,
    '',
    '— Stoop',
  ].join('\n');
  const items = input.alerts
    .map((alert) => {
      const url = escapeHtml(listingUrl(input.baseUrl, alert.listing.id));
      return `<tr><td style="padding:12px 0;border-top:1px solid #e4e7eb">
<a href="${url}" style="color:#0f766e;font-weight:600;text-decoration:none">${escapeHtml(headline(alert))}</a>
<div style="color:#52606d;font-size:14px">${escapeHtml(details(alert))}</div></td></tr>`;
    })
    .join('\n');
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p>
<p>${escapeHtml(intro(input))}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>
<p><a href="${escapeHtml(allUrl)}" style="color:#0f766e;font-weight:600">${escapeHtml(all)}</a></p>
<p style="font-size:14px;color:#52606d">${escapeHtml(reason(input))}
<a href="${escapeHtml(pageUrl)}" style="color:#0f766e">${escapeHtml(stop)}</a>.</p>`,
  );
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(input.baseUrl, input.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
