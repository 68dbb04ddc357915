import { describe, expect, it } from 'vitest';
import { roleFlags } from '../roles.ts';
import { SignUpSchema } from './auth.ts';

describe('SignUpSchema', () => {
  const valid = {
    email: ' Ada@Example.COM ',
    password: 'secret',
    name: ' Ada ',
    userType: 'renter',
  };

  it('normalises email and name', () => {
    expect(SignUpSchema.parse(valid)).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      name: 'Ada',
      userType: 'renter',
    });
  });

  it.each(['admin', 'owner', ''])('refuses userType %j', (userType) => {
    const result = SignUpSchema.safeParse({ ...valid, userType });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please choose renter or landlord.');
  });

  it('refuses a 5-character password with the spec message', () => {
    const result = SignUpSchema.safeParse({ ...valid, password: '12345' });
    expect(result.error?.issues[0]?.message).toBe('Password should be at least 6 characters.');
  });
});

describe('roleFlags', () => {
  it('derives the role flags of docs/spec.md §6', () => {
    expect(roleFlags(null)).toEqual({
      isAuthenticated: false,
      isRenter: false,
      isLandlord: false,
      isAdmin: false,
    });
    expect(roleFlags({ userType: 'landlord' })).toEqual({
      isAuthenticated: true,
      isRenter: false,
      isLandlord: true,
      isAdmin: false,
    });
    expect(roleFlags({ userType: 'admin' }).isAdmin).toBe(true);
  });
});
