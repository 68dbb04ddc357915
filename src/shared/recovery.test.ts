import { describe, expect, it } from 'vitest';
import { hasRecoveryMarker, readResetLink, recoveryTarget } from './recovery.ts';

describe('hasRecoveryMarker', () => {
  it.each([
    ['?type=recovery', ''],
    ['', '#type=recovery&access_token=x'],
    ['', '#error_code=otp_expired'],
    ['?error_code=otp_expired', ''],
    ['', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid'],
    ['?error=access_denied', ''],
    ['?type=recovery&token=abc', '#access_token=x'],
    // The reset mail's own link (issue 26): the token and the marker in the fragment.
    ['', '#token=abc&type=recovery'],
  ])('finds a marker in %j %j', (search, hash) => {
    expect(hasRecoveryMarker(search, hash)).toBe(true);
  });

  it.each([
    ['', ''],
    ['?type=signup', ''],
    ['?q=recovery', '#section'],
    ['?error=server_error', ''],
    ['', '#about'],
  ])('finds none in %j %j', (search, hash) => {
    expect(hasRecoveryMarker(search, hash)).toBe(false);
  });
});

describe('recoveryTarget', () => {
  it('keeps query and hash', () => {
    expect(recoveryTarget('?type=recovery', '#access_token=x')).toBe(
      '/reset-password?type=recovery#access_token=x',
    );
    expect(recoveryTarget('', '#error_code=otp_expired')).toBe(
      '/reset-password#error_code=otp_expired',
    );
  });
});

describe('readResetLink', () => {
  it('reads the token from the fragment, where no access log sees it', () => {
    expect(readResetLink('', '#token=abc123&type=recovery')).toEqual({
      token: 'abc123',
      failed: false,
    });
    expect(readResetLink('?type=recovery', '#token=abc123')).toEqual({
      token: 'abc123',
      failed: false,
    });
  });

  it('accepts no token from the query', () => {
    expect(readResetLink('?type=recovery&token=abc123', '')).toEqual({
      token: null,
      failed: false,
    });
    expect(readResetLink('?token=abc123', '#type=recovery')).toEqual({
      token: null,
      failed: false,
    });
  });

  it('reports an error code in the query or the fragment', () => {
    expect(readResetLink('', '#error=access_denied&error_code=otp_expired').failed).toBe(true);
    expect(readResetLink('?error_code=otp_expired', '#token=abc').failed).toBe(true);
    expect(readResetLink('', '#token=').token).toBeNull();
  });
});
