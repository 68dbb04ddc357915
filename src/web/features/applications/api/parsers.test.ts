import { describe, expect, it } from 'vitest';
import { DEPOSIT_CAP_MESSAGE } from '../../../../shared/schemas/applications.ts';
import { aDocument, anApplication } from '../../../testing/application-fixtures.ts';
import * as parsers from './parsers.ts';

describe('the applications parsers', () => {
  it('read an application and a page of them as the server sends them', () => {
    const application = anApplication();
    expect(parsers.application(application)).toEqual(application);
    expect(parsers.applicationsPage({ items: [application], nextCursor: 'c' })).toEqual({
      items: [application],
      nextCursor: 'c',
    });
    expect(parsers.renterDocuments({ items: [aDocument()] }).items).toHaveLength(1);
  });

  it('refuse an answer that is not an application', () => {
    expect(() => parsers.application({ ...anApplication(), status: 'lost' })).toThrow();
    expect(() => parsers.applicationsPage({ items: [{}], nextCursor: null })).toThrow();
  });

  it("check an offer's deposit against one month's rent, with the server's message", () => {
    const offer = {
      rentCents: 300_000,
      depositCents: 300_001,
      leaseStart: '2027-03-01',
      leaseMonths: 12,
      fees: [],
    };
    const result = parsers.offerInput.safeParse(offer);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['depositCents'], message: DEPOSIT_CAP_MESSAGE }),
    ]);
    expect(parsers.offerInput.safeParse({ ...offer, depositCents: 300_000 }).success).toBe(true);
  });
});
