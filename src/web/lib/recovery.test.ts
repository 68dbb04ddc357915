import { describe, expect, it } from 'vitest';
import { hasRecoveryMarker, recoveryTarget } from './recovery.ts';

describe('hasRecoveryMarker', () => {
  it.each([
    ['?type=recovery', ''],
    ['', '#type=recovery&access_token=x'],
    ['', '#error_code=otp_expired'],
    ['?error_code=otp_expired', ''],
    ['', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid'],
    ['?error=access_denied', ''],
    ['?type=recovery&token=abc', '#access_token=x'],
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
