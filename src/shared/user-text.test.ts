import { describe, expect, it } from 'vitest';
import { cleanUserText } from './user-text.ts';
import { MARKUP_ONLY_EXAMPLES, USER_TEXT_EXAMPLES } from './user-text-examples.ts';

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

  it('stays fast on adversarial input at the raw size limit', () => {
    const inputs = ['<b a="'.repeat(2000), '<!--'.repeat(2500), '<script>'.repeat(1250)];
    for (const input of inputs) {
      const started = performance.now();
      cleanUserText(input);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
