import { describe, expect, it } from 'vitest';
import { cleanUserText } from './user-text.ts';
import {
  ADVERSARIAL_USER_TEXT,
  MARKUP_ONLY_EXAMPLES,
  USER_TEXT_EXAMPLES,
} from './user-text-examples.ts';

describe('cleanUserText (decision 022)', () => {
  it.each(USER_TEXT_EXAMPLES)('$typed -> $stored', ({ typed, stored }) => {
    expect(cleanUserText(typed)).toBe(stored);
  });

  it.each(MARKUP_ONLY_EXAMPLES)('%s leaves nothing', (typed) => {
    expect(cleanUserText(typed)).toBe('');
  });

  it('is idempotent: cleaning the result again changes nothing', () => {
    for (const { typed } of USER_TEXT_EXAMPLES) {
      const once = cleanUserText(typed);
      expect(cleanUserText(once)).toBe(once);
    }
  });

  it('removes code inside an unclosed script or style to the end', () => {
    expect(cleanUserText('keep <script>alert(1)')).toBe('keep');
    expect(cleanUserText('keep <style>b{}</STYLE >this')).toBe('keep this');
  });

  it('keeps malformed tag-like text: unclosed quotes, bad attribute names, unknown names', () => {
    expect(cleanUserText('<b title="x>y')).toBe('<b title="x>y');
    expect(cleanUserText('<b && c>')).toBe('<b && c>');
    expect(cleanUserText('<tom>hi</tom>')).toBe('<tom>hi</tom>');
    expect(cleanUserText('< b>')).toBe('< b>');
  });

  it.each(ADVERSARIAL_USER_TEXT)(
    'does work in proportion to adversarial input at the raw size limit: $piece',
    ({ piece, times, stored }) => {
      // Counted, not timed (issue 48; bench/user-text.ts times it). Every scan the cleaner makes
      // is a String indexOf or startsWith or a RegExp exec: twice the input takes at most twice
      // the scans, so repeated passes or a rescan per tag (quadratic or worse) would fail here.
      const once = scansOf(() => cleanUserText(piece.repeat(times)));
      const twice = scansOf(() => cleanUserText(piece.repeat(2 * times)));
      expect(once.result).toBe(stored);
      expect(twice.result).toBe(stored === '' ? '' : stored.repeat(2));
      expect(twice.scans).toBeLessThanOrEqual(2 * once.scans + 16);
    },
  );
});

/** What `run` returns, and how many String indexOf / startsWith and RegExp exec calls it made. */
function scansOf(run: () => string): { result: string; scans: number } {
  const { indexOf, startsWith } = String.prototype;
  const { exec } = RegExp.prototype;
  let scans = 0;
  String.prototype.indexOf = function (this: string, ...args: Parameters<string['indexOf']>) {
    scans += 1;
    return indexOf.apply(this, args);
  };
  String.prototype.startsWith = function (this: string, ...args: Parameters<string['startsWith']>) {
    scans += 1;
    return startsWith.apply(this, args);
  };
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    scans += 1;
    return exec.call(this, text);
  };
  try {
    return { result: run(), scans };
  } finally {
    String.prototype.indexOf = indexOf;
    String.prototype.startsWith = startsWith;
    RegExp.prototype.exec = exec;
  }
}
