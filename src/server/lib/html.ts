/* Text put into the HTML the server writes itself (the app shell's head, crawler tags). */

export { escapeHtml, jsonForScript } from '../../shared/html.ts';
