/**
 * Decision 022 as a table: what a person types, and exactly what is stored, returned by the API
 * and rendered. The unit, API and browser tests all check these rows.
 */
export const USER_TEXT_EXAMPLES: readonly { typed: string; stored: string }[] = [
  // Text, kept exactly as typed.
  { typed: 'x<y', stored: 'x<y' },
  { typed: 'a < b > c', stored: 'a < b > c' },
  { typed: 'I <3 this place', stored: 'I <3 this place' },
  { typed: '5 > 3 & 2', stored: '5 > 3 & 2' },
  { typed: "Tom & Jerry's", stored: "Tom & Jerry's" },
  { typed: 'Tom & Jerry <tom@example.com>', stored: 'Tom & Jerry <tom@example.com>' },
  { typed: 'if (a<b && c>d) return;', stored: 'if (a<b && c>d) return;' },
  { typed: 'typed &lt;b&gt; literally', stored: 'typed &lt;b&gt; literally' },
  { typed: '&nbsp;', stored: '&nbsp;' },
  { typed: 'Call me <name> "soon"', stored: 'Call me <name> "soon"' },
  { typed: '🏠 Love it 👍🏽 café — ok', stored: '🏠 Love it 👍🏽 café — ok' },
  { typed: '  padded  ', stored: 'padded' },
  // Real tags, removed.
  { typed: '<b>bold</b> move', stored: 'bold move' },
  { typed: 'Hi <script>alert(1)</script>there', stored: 'Hi there' },
  { typed: 'see <img src=x onerror=alert(1)>photo', stored: 'see photo' },
  { typed: 'one<!-- hidden --> two', stored: 'one two' },
  { typed: '<p>Line</p>', stored: 'Line' },
  { typed: '<a href="https://x.test/?a=1&b=2">link</a> here', stored: 'link here' },
  { typed: "<DIV class='x' data-y=1>hi</DIV>", stored: 'hi' },
  { typed: 'ok <scr<b>ipt>alert(1)</script>', stored: 'ok' },
  { typed: 'a<br/>b', stored: 'ab' },
];

/** Inputs that are only markup: nothing is left, so they are refused like empty text. */
export const MARKUP_ONLY_EXAMPLES: readonly string[] = [
  '<b></b>',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<!-- -->',
];

/**
 * Adversarial input at the raw size limit of a message (2,000 characters times RAW_TEXT_FACTOR):
 * one piece repeated, then `closing` as many times when given, and what is stored. Unclosed quotes,
 * comments, CDATA sections and doctypes are text, an unclosed script drops to the end, and tags
 * joined by removing others are removed on the next round. Tags nested so that each round joins
 * one more (`<b<b>>`) go over the rounds' budget: nothing is kept. The unit test counts the
 * characters the cleaner reads on them; bench/user-text.ts times them.
 */
export const ADVERSARIAL_USER_TEXT: readonly {
  piece: string;
  closing?: string;
  times: number;
  stored: string;
}[] = [
  { piece: '<b a="', times: 2000, stored: '<b a="'.repeat(2000) },
  { piece: '<!--', times: 2500, stored: '<!--'.repeat(2500) },
  { piece: '<![CDATA[', times: 1111, stored: '<![CDATA['.repeat(1111) },
  { piece: '<!doctype ', times: 1000, stored: '<!doctype '.repeat(1000).trim() },
  { piece: '<script>', times: 1250, stored: '' },
  { piece: '<scr<b>ipt>', times: 900, stored: '' },
  { piece: '<b', closing: '>', times: 3333, stored: '' },
];

/** The text of an ADVERSARIAL_USER_TEXT row with its pieces repeated `times` times. */
export function adversarialText(row: { piece: string; closing?: string }, times: number): string {
  return row.piece.repeat(times) + (row.closing ?? '').repeat(times);
}
