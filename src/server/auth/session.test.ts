import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './session.ts';

const SECRET = 'unit-test-secret';
const sign = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('verifiedToken', () => {
  it('gives the token of a cookie signed with our secret', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123');
    // The value may arrive decoded, and a token may itself hold dots.
    expect(verifiedToken(decodeURIComponent(sign('a.b.c')), SECRET)).toBe('a.b.c');
  });

  it('refuses another secret, an edited token, no signature or bad encoding', () => {
    expect(verifiedToken(sign('abc123', 'another'), SECRET)).toBeNull();
    expect(verifiedToken(sign('abc123').replace('abc123', 'abc124'), SECRET)).toBeNull();
    expect(verifiedToken('abc123', SECRET)).toBeNull();
    expect(verifiedToken('.c2lnbmF0dXJl', SECRET)).toBeNull();
    expect(verifiedToken('abc%E0%A4%A', SECRET)).toBeNull();
  });
});

describe('cookieValue', () => {
  it('finds a cookie by its exact name among others', () => {
    const header = 'x.session_token=no; stoop.session_token=yes%3D; other=1';
    expect(cookieValue(header, 'stoop.session_token')).toBe('yes%3D');
    expect(cookieValue(header, 'session_token')).toBeUndefined();
    expect(cookieValue('', 'stoop.session_token')).toBeUndefined();
  });
});
