/**
 * The one rule for text people type (decisions 022 and 076): real HTML tags are removed, everything else is
 * kept exactly as typed. Stoop renders user text as text, never as HTML, so nothing is escaped or
 * decoded: `x<y`, `a < b > c`, `<3`, `Tom & Jerry <tom@example.com>` and a typed `&lt;b&gt;` stay.
 *
 * A real tag is one of these, and nothing else:
 * - a start tag of a known HTML element, `<b>`, `<img src=x onerror=alert(1)>`, `<br/>`, whose
 *   attributes are well formed (name, optional `=` and a quoted or unquoted value);
 * - an end tag of a known element, `</p>`;
 * - a comment `<!-- … -->`, a doctype `<!doctype …>` or a CDATA section;
 * - for script, style, iframe, noscript and template, the content up to the end tag goes too
 *   (to the end of the text when the tag is never closed): it is code, not text.
 * Removing tags can join pieces into a new tag (`<scr<b>ipt>`), so the rule repeats until
 * nothing changes; the result never contains a real tag.
 *
 * Each round reads the text a bounded number of times per character, but tags nested so that
 * each round's removal joins the next one (`<b<b<b>>>`) need one round per level: 3,333 levels
 * (9,999 characters, within a message's raw limit) took 0.65-1.1 s, 33,333 levels a minute.
 * So the rounds have a budget (`cleaningBudget`): when the texts of the rounds it takes, the last
 * one that finds nothing to remove included, would be longer in all than 8 times the text plus
 * 64 Ki characters, nothing of the text is kept (the empty result is refused like text that was
 * only markup). Within the budget the result is exactly that of the rounds run to the end. Going
 * over takes more than 8 rounds (15 at a message's raw limit of 10,000 characters, hundreds on a
 * short text); text people type needs one round, two when a removal joins a tag (`<scr<b>ipt>`),
 * plus the last. The empty text contains no tag, so this is never less safe than running the
 * rounds to the end: it only removes more, and only from input that keeps reassembling tags.
 */

const ELEMENTS = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas ' +
    'caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed ' +
    'fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe ' +
    'img input ins kbd label legend li link main map mark math menu meta meter nav noscript ' +
    'object ol optgroup option output p param picture pre progress q rp rt ruby s samp script ' +
    'search section select slot small source span strong style sub summary sup svg table tbody td ' +
    'template textarea tfoot th thead time title tr track u ul var video wbr ' +
    // Obsolete elements browsers still parse.
    'acronym applet basefont big blink center dir font frame frameset marquee nobr noembed ' +
    'noframes plaintext strike tt xmp ' +
    // SVG and MathML pieces commonly used in injected markup.
    'animate circle defs foreignobject g image line path polygon polyline rect set text tspan use'
  ).split(' '),
);

/** Elements whose content is code or markup, removed with the tags. */
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'noscript', 'template']);

const NAME = /[a-zA-Z][a-zA-Z0-9]*/y;
const ATTRIBUTE_NAME = /[a-zA-Z_:@][-a-zA-Z0-9_:.@]*/y;
const UNQUOTED_VALUE = /[^\s"'=<>`]+/y;
const SPACE = /\s*/y;

function match(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  const found = pattern.exec(text);
  return found ? found[0] : null;
}

function skipSpace(text: string, at: number): number {
  return at + (match(SPACE, text, at)?.length ?? 0);
}

/** `text.indexOf(needle, from)` for the one text a cleaning pass reads. */
export type Find = (needle: string, from: number) => number;

/**
 * A `Find` for one pass that remembers, per needle, its last search. A later search from at or
 * after that start has the same answer when nothing was found, or when the match is still ahead:
 * without this, each of many unclosed `<!--` (or quotes, CDATA sections, doctypes) searched to
 * the end of the text again, quadratic in its length.
 */
export function forwardFind(text: string): Find {
  const last = new Map<string, { from: number; found: number }>();
  return (needle, from) => {
    const known = last.get(needle);
    if (known && known.from <= from && (known.found === -1 || known.found >= from)) {
      return known.found;
    }
    const found = text.indexOf(needle, from);
    last.set(needle, { from, found });
    return found;
  };
}

/** The end (exclusive) of a well-formed start tag of a known element at `at`, and its name. */
function startTag(text: string, at: number, find: Find): { end: number; name: string } | null {
  const raw = match(NAME, text, at + 1);
  if (!raw) return null;
  const name = raw.toLowerCase();
  if (!ELEMENTS.has(name)) return null;
  let i = at + 1 + raw.length;
  for (;;) {
    const afterSpace = skipSpace(text, i);
    if (text[afterSpace] === '>') return { end: afterSpace + 1, name };
    if (text.startsWith('/>', afterSpace)) return { end: afterSpace + 2, name };
    // Attributes are separated from the name and each other by whitespace.
    if (afterSpace === i) return null;
    const attribute = match(ATTRIBUTE_NAME, text, afterSpace);
    if (!attribute) return null;
    i = afterSpace + attribute.length;
    const beforeEquals = skipSpace(text, i);
    if (text[beforeEquals] !== '=') continue;
    const valueAt = skipSpace(text, beforeEquals + 1);
    const quote = text[valueAt];
    if (quote === '"' || quote === "'") {
      const close = find(quote, valueAt + 1);
      if (close === -1) return null;
      i = close + 1;
    } else {
      const value = match(UNQUOTED_VALUE, text, valueAt);
      if (!value) return null;
      i = valueAt + value.length;
    }
  }
}

/** The end (exclusive) of the markup starting with `<` at `at`, or -1 when it is text. */
function markupEnd(text: string, at: number, find: Find): number {
  if (text.startsWith('<!--', at)) {
    const close = find('-->', at + 4);
    return close === -1 ? -1 : close + 3;
  }
  if (text.startsWith('<![CDATA[', at)) {
    const close = find(']]>', at + 9);
    return close === -1 ? -1 : close + 3;
  }
  if (/^<!doctype[\s>]/i.test(text.slice(at, at + 10))) {
    const close = find('>', at);
    return close === -1 ? -1 : close + 1;
  }
  if (text[at + 1] === '/') {
    const raw = match(NAME, text, at + 2);
    if (!raw || !ELEMENTS.has(raw.toLowerCase())) return -1;
    const close = skipSpace(text, at + 2 + raw.length);
    return text[close] === '>' ? close + 1 : -1;
  }
  const tag = startTag(text, at, find);
  if (!tag) return -1;
  if (!DROP_CONTENT.has(tag.name)) return tag.end;
  const endTag = new RegExp(`</${tag.name}\\s*>`, 'ig');
  endTag.lastIndex = tag.end;
  const close = endTag.exec(text);
  return close ? close.index + close[0].length : text.length;
}

/**
 * One round of the rule on `text`: every real tag removed, left to right, searches made by `find`
 * (made for this text). Exported for the tests' reference fixpoint without a budget.
 */
export function stripMarkupOnce(text: string, find: Find): string {
  let out = '';
  let from = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    const end = markupEnd(text, at, find);
    if (end === -1) {
      at = text.indexOf('<', at + 1);
    } else {
      out += text.slice(from, at);
      from = end;
      at = text.indexOf('<', end);
    }
  }
  return out + text.slice(from);
}

/**
 * How long the texts of one clean's rounds may be in all, for a text of `length` characters (see
 * the top of this file): each round reads its text a bounded number of times per character.
 * A round that would go over is not run, and the clean returns ''.
 */
export function cleaningBudget(length: number): number {
  return 8 * length + 65_536;
}

/** Text as typed without its real HTML tags (see above), trimmed. */
export function cleanUserText(text: string): string {
  return cleanUserTextWith(text, forwardFind);
}

/**
 * `cleanUserText` with the searches of each round made by `findIn(text)` (one finder per round:
 * the text changes between rounds), and `budget` for how long the rounds' texts may be in all,
 * so a test can compare finders and go over the budget with small texts. Not a second parameter of
 * `cleanUserText`: the schemas pass it to zod's `.transform`, which calls it with a context as the
 * second argument.
 */
export function cleanUserTextWith(
  text: string,
  findIn: (text: string) => Find,
  budget = cleaningBudget(text.length),
): string {
  let current = text;
  let left = budget;
  for (;;) {
    // Tags that keep reassembling round after round: an attack, not text.
    if (current.length > left) return '';
    left -= current.length;
    const next = stripMarkupOnce(current, findIn(current));
    if (next === current) return current.trim();
    current = next;
  }
}

/**
 * Raw input may be this many times the limit: tags can make up the difference (limits count the
 * text after cleaning), but nothing unbounded reaches the parser.
 */
export const RAW_TEXT_FACTOR = 5;
