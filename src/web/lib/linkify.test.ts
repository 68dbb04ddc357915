import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('returns plain text untouched', () => {
    expect(linkify('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
  });

  it('finds links and leaves sentence punctuation outside', () => {
    expect(linkify('Reset: http://localhost:3000/?type=recovery&token=abc.\nThanks')).toEqual([
      { kind: 'text', text: 'Reset: ' },
      { kind: 'link', href: 'http://localhost:3000/?type=recovery&token=abc' },
      { kind: 'text', text: '.\nThanks' },
    ]);
  });

  it('handles several links and no surrounding text', () => {
    expect(linkify('https://a.test/x https://b.test')).toEqual([
      { kind: 'link', href: 'https://a.test/x' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://b.test' },
    ]);
  });

  it('ignores non-http schemes', () => {
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});
