import { describe, expect, it } from 'vitest';
import { DEPOSIT_CAP_MESSAGE } from '../../../../shared/schemas/applications.ts';
import * as formSchemas from './form-schemas.ts';

describe("the applications' form schemas", () => {
  it("check an offer's deposit against one month's rent, with the server's message", () => {
    const offer = {
      rentCents: 300_000,
      depositCents: 300_001,
      leaseStart: '2027-03-01',
      leaseMonths: 12,
      fees: [],
    };
    const result = formSchemas.offerInput.safeParse(offer);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['depositCents'], message: DEPOSIT_CAP_MESSAGE }),
    ]);
    expect(formSchemas.offerInput.safeParse({ ...offer, depositCents: 300_000 }).success).toBe(
      true,
    );
  });
});
