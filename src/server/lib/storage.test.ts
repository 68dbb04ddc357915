import { describe, expect, it } from 'vitest';
import { isPrivateMediaKey, isValidMediaKey } from './storage.ts';

describe('isValidMediaKey', () => {
  it('takes server-made keys of photos (.webp) and documents (.bin)', () => {
    expect(isValidMediaKey('listings/abc/photo-1-800.webp')).toBe(true);
    expect(isValidMediaKey('private/notes/0f3a-400.webp')).toBe(true);
    expect(isValidMediaKey('private/documents/0123456789abcdef0123456789abcdef.bin')).toBe(true);
  });

  it('refuses other extensions, traversal, absolute paths and upper case', () => {
    for (const key of [
      'private/documents/a.pdf',
      'private/documents/a.bin.exe',
      '../private/documents/a.bin',
      'private/../a.bin',
      '/private/documents/a.bin',
      'private/Documents/a.bin',
      'private//a.bin',
      '.bin',
    ]) {
      expect(isValidMediaKey(key), key).toBe(false);
    }
  });
});

describe('isPrivateMediaKey', () => {
  it('covers documents under the private prefix', () => {
    expect(isPrivateMediaKey('private/documents/a.bin')).toBe(true);
    expect(isPrivateMediaKey('listings/a/b-800.webp')).toBe(false);
  });
});
