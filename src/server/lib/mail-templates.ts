import { escapeHtml } from './html.ts';
import type { Mail } from './mailer.ts';

/** Stoop's mail frame around `bodyHtml` (already escaped). */
export function emailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5f7f7;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-weight:800;letter-spacing:0.3em;color:#0f766e;font-size:20px">STOOP</td></tr>
<tr><td style="padding-top:16px;font-size:16px;line-height:1.6">${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your Stoop password';
/** What a reset mail's stored copy shows in place of its link once the link is spent. */
export const SPENT_RESET_LINK = '[link used or expired]';

export function passwordResetMail(input: { to: string; name: string; url: string }): Mail {
  const subject = PASSWORD_RESET_SUBJECT;
  const text = [
    `Hi ${input.name},`,
    '',
    'Someone asked to reset the password of your Stoop account. To choose a new one, open this link:',
    '',
    input.url,
    '',
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this mail: your password stays as it is.',
    '',
    '— Stoop',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p>
<p>Someone asked to reset the password of your Stoop account. To choose a new one, use the button below.</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Reset password</a></p>
<p style="font-size:14px;color:#52606d">Or paste this link into your browser: ${escapeHtml(input.url)}</p>
<p style="font-size:14px;color:#52606d">The link works once and expires in 1 hour. If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  );
  return { to: input.to, subject, text, html };
}

export function welcomeMail(input: {
  to: string;
  name: string;
  userType: string;
  baseUrl: string;
}): Mail {
  const landlord = input.userType === 'landlord';
  const subject = 'Welcome to Stoop';
  const next = landlord
    ? 'Publish your first listing: renters on Stoop never pay a broker fee, and every fee you charge is shown up front.'
    : 'Start searching no-fee apartments across New York, save the ones you like, and message landlords directly.';
  const url = `${input.baseUrl}${landlord ? '/landlord/dashboard' : '/search'}`;
  const text = [
    `Hi ${input.name},`,
    '',
    'Welcome to Stoop.',
    '',
    next,
    '',
    url,
    '',
    '— Stoop',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p><p>Welcome to Stoop.</p><p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(url)}" style="color:#0f766e;font-weight:600">${landlord ? 'Go to your dashboard' : 'Start searching'}</a></p>`,
  );
  return { to: input.to, subject, text, html };
}
