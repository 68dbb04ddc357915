/** Helpers the server and the web app share for messaging. */

/** Spec §3: a participant without a name. */
export const UNKNOWN_USER = 'Unknown User';

/** Up to two initials for the locally drawn avatar (no external avatar service). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&#x2F;': '/',
  '&#x60;': '`',
  '&#x3D;': '=',
};

/**
 * Stored message content is HTML-escaped (spec §5). The web app renders it as a text node, so it
 * decodes the escapes first; the result is never used as HTML.
 */
export function messageText(content: string): string {
  return content.replace(/&(?:amp|lt|gt|quot|#39|#x27|#x2F|#x60|#x3D);/g, (e) => ENTITIES[e] ?? e);
}
