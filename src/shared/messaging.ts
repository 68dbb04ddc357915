/** Helpers the server and the web app share for messaging. */

/** docs/spec.md §3: a participant without a name. */
export const UNKNOWN_USER = 'Unknown User';

/** A participant who deleted their account (decision 039): their messages stay under this name. */
export const DELETED_USER = 'Deleted user';

/** Up to two initials for the locally drawn avatar (no external avatar service). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A message as a conversation list row shows it (issue 17): at most `length` characters (code
 * points, as PostgreSQL counts them), a longer text cut to end in "…". The server's SQL cuts the
 * same way.
 */
export function messagePreview(content: string, length: number): string {
  const chars = Array.from(content);
  return chars.length > length ? `${chars.slice(0, length - 1).join('')}…` : content;
}
