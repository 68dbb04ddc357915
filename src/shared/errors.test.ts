import { describe, expect, it } from 'vitest';
import { ERRORS, friendlyMessage, isErrorCode } from './errors.ts';

describe('error catalogue', () => {
  it('uses the docs/spec.md §8 messages for the friendly auth mappings', () => {
    expect(friendlyMessage({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } })).toBe(
      'Incorrect password.',
    );
    expect(friendlyMessage({ error: { code: 'EMAIL_IN_USE', message: 'x' } })).toBe(
      'An account with this email already exists.',
    );
    expect(friendlyMessage({ error: { code: 'WEAK_PASSWORD', message: 'x' } })).toBe(
      'Password should be at least 6 characters.',
    );
    expect(friendlyMessage({ error: { code: 'INVALID_EMAIL', message: 'x' } })).toBe(
      'Please enter a valid email address.',
    );
  });

  it("keeps the server's rate-limit message: sign-in's is the spec's, a send's says slow down", () => {
    expect(
      friendlyMessage({
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many failed attempts. Please try again later.',
        },
      }),
    ).toBe('Too many failed attempts. Please try again later.');
    expect(friendlyMessage({ error: { code: 'RATE_LIMITED', message: 'Slow down' } })).toBe(
      'Slow down',
    );
  });

  it('falls back to the raw message, then to the spec default', () => {
    expect(friendlyMessage({ error: { code: 'CONVERSATION_NOT_FOUND', message: 'Gone' } })).toBe(
      'Gone',
    );
    expect(friendlyMessage({ error: { code: 'UNKNOWN_THING', message: 'Raw text' } })).toBe(
      'Raw text',
    );
    expect(friendlyMessage('not json')).toBe('An unexpected error occurred.');
    expect(friendlyMessage({ error: { code: 'NOPE' } })).toBe('An unexpected error occurred.');
  });

  it('gives every code an HTTP error status', () => {
    for (const [code, { status }] of Object.entries(ERRORS)) {
      expect(isErrorCode(code)).toBe(true);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(isErrorCode('toString')).toBe(false);
  });
});
