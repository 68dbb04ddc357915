/** Helpers the server and the web app share for messaging. */

/** Spec §3: a participant without a name. */
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
