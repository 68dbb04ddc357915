import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * One-click unsubscribe tokens (RFC 8058; decision 036): `<subject>.<signature>`, both base64url;
 * the subject names one saved search or one user's saved-listing alerts, the signature is
 * HMAC-SHA256 with the app's secret (BETTER_AUTH_SECRET, as sessions) over a purpose prefix and
 * the subject, so no other signed value of the app can pass for one.
 */

export type TokenSubject =
  | { kind: 'saved-search'; id: string }
  | { kind: 'saved-listings'; userId: string };

const PURPOSE = 'stoop/alerts-unsubscribe/v1\n';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function subjectText(subject: TokenSubject): string {
  return subject.kind === 'saved-search'
    ? `saved-search:${subject.id}`
    : `saved-listings:${subject.userId}`;
}

function signature(secret: string, text: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + text)
    .digest();
}

export function signUnsubscribeToken(secret: string, subject: TokenSubject): string {
  const text = subjectText(subject);
  return `${Buffer.from(text).toString('base64url')}.${signature(secret, text).toString('base64url')}`;
}

/** The token's subject when its signature is ours (checked in constant time), else null. */
export function verifyUnsubscribeToken(secret: string, token: string): TokenSubject | null {
  const [encoded, signed, ...rest] = token.split('.');
  if (!encoded || !signed || rest.length > 0) return null;
  const text = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(secret, text);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [kind, id] = text.split(':');
  if (!id || !UUID.test(id)) return null;
  if (kind === 'saved-search') return { kind, id };
  if (kind === 'saved-listings') return { kind, userId: id };
  return null;
}
