import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../shared/schemas/admin.ts';
import {
  AUDIT_ACTION_LABELS,
  auditDetails,
  formatNyDate,
  formatNyDateTime,
  listingStateLabel,
  reasonLabel,
} from './format.ts';

describe('admin formatting', () => {
  it('shows instants in New York time, standard and daylight', () => {
    expect(formatNyDateTime('2026-11-24T21:05:00.000Z')).toBe('Nov 24, 2026, 4:05 PM EST');
    expect(formatNyDateTime('2026-07-04T16:30:00.000Z')).toBe('Jul 4, 2026, 12:30 PM EDT');
    // Past midnight UTC is still the evening before in New York.
    expect(formatNyDate('2026-11-25T03:00:00.000Z')).toBe('Nov 24, 2026');
  });

  it('names every audited action', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action]).toMatch(/^[A-Z]/);
  });

  it('turns audit details into labelled lines, skipping empty ones and ids', () => {
    expect(
      auditDetails({
        reason: 'Scam',
        note: '',
        from: 'active',
        to: 'archived',
        reportId: '00000000-0000-4000-8000-000000000001',
        resolution: 'action-taken',
        sessionsEnded: 2,
        suspendedAt: '2026-11-24T21:05:00.000Z',
        somethingNew: true,
        x: null,
      }),
    ).toEqual([
      ['Status', 'active → archived'],
      ['Reason', 'Scam'],
      ['Resolution', 'Action taken'],
      ['Sessions ended', '2'],
      ['Suspended since', 'Nov 24, 2026, 4:05 PM EST'],
      ['Something new', 'true'],
    ]);
  });

  it('shows a takedown over the status it hides behind', () => {
    expect(listingStateLabel({ status: 'archived', unpublishedAt: '2026-11-24T21:05:00Z' })).toBe(
      'Taken down',
    );
    expect(listingStateLabel({ status: 'active', unpublishedAt: null })).toBe('Active');
  });

  it('shortens a reason to its name', () => {
    expect(reasonLabel('scam')).toBe('Scam or fraud');
    expect(reasonLabel('other')).toBe('Something else');
  });
});
