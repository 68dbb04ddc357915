import { describe, expect, it } from 'vitest';
import {
  ApplyInputSchema,
  guarantorIncomeMultipleOf,
  householdIncomeMultiple,
  incomeMetBy,
} from './applications.ts';
import { InviteInputSchema, sameLegalName } from './households.ts';

const earning = (monthlyCents: number, voucher?: number) => ({
  incomes: [{ monthlyCents }],
  ...(voucher ? { voucher: { monthlyCents: voucher } } : {}),
});

describe('household income', () => {
  it('adds every co-applicant, takes every voucher off the share, rounds down', () => {
    // $6,000 + $7,000 a month over a $3,850 rent: 40.519… → 40.5.
    expect(householdIncomeMultiple([earning(600_000), earning(700_000)], 385_000)).toBe(40.5);
    // A $1,000 voucher leaves a $2,850 share: 13,000 × 12 / 2,850 = 54.7.
    expect(householdIncomeMultiple([earning(600_000, 100_000), earning(700_000)], 385_000)).toBe(
      54.7,
    );
    expect(householdIncomeMultiple([earning(0, 385_000)], 385_000)).toBeNull();
  });

  it("measures a guarantor alone against the household's share", () => {
    expect(guarantorIncomeMultipleOf(earning(2_600_000), [earning(600_000)], 385_000)).toBe(81);
  });

  it('is met by the household first, else by a guarantor at the guarantor multiple', () => {
    const asked = { incomeMultiple: 40, guarantorIncomeMultiple: 80 };
    expect(incomeMetBy(asked, 40, null)).toBe('household');
    expect(incomeMetBy(asked, 39.9, 81)).toBe('guarantor');
    expect(incomeMetBy(asked, 39.9, 79.9)).toBe(false);
    expect(incomeMetBy({ ...asked, guarantorIncomeMultiple: null }, 20, 200)).toBe(false);
    expect(incomeMetBy({ incomeMultiple: null, guarantorIncomeMultiple: null }, 1, null)).toBe(
      'household',
    );
    // A program paying the whole rent meets any multiple.
    expect(incomeMetBy(asked, null, null)).toBe('household');
  });
});

describe('household input', () => {
  it('takes at most 5 co-applicants and one guarantor, addresses lower-cased', () => {
    const base = { documentIds: [], idempotencyKey: 'key-12345678' };
    const parsed = ApplyInputSchema.parse({
      ...base,
      coApplicants: ['Sam@Example.com'],
      guarantor: 'mom@example.com',
    });
    expect(parsed.coApplicants).toEqual(['sam@example.com']);
    const six = Array.from({ length: 6 }, (_, i) => `p${i}@example.com`);
    expect(
      ApplyInputSchema.safeParse({ ...base, coApplicants: six }).error?.issues[0]?.message,
    ).toBe('Invite at most 5 co-applicants.');
    expect(
      InviteInputSchema.safeParse({ email: 'a@example.com', role: 'landlord' }).error?.issues[0]
        ?.message,
    ).toBe('Role must be co_applicant or guarantor.');
  });

  it('compares a typed signature with the legal name as a person would', () => {
    expect(sameLegalName('  rhea   q. RENTER ', 'Rhea Q. Renter')).toBe(true);
    expect(sameLegalName('Zoe\u0308 Park', 'Zoë Park')).toBe(true);
    expect(sameLegalName('R. Renter', 'Rhea Renter')).toBe(false);
  });
});
