/* Text put into the HTML the server writes itself (the app shell's head, crawler tags). */

export { escapeHtml } from '../../shared/html.ts';

/**
 * JSON for a `<script type="application/…json">` block: `<`, `>` and `&` become \u escapes,
 * so no user text can close the block or open a comment; U+2028/9 are escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
