import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AdminReportDetailSchema,
  AdminReportResponseSchema,
  AdminReportsSchema,
} from '../../../shared/schemas/admin.ts';
import { CreatedReportSchema } from '../../../shared/schemas/reports.ts';
import { adminPerson, errorOf } from '../../test/admin-fixtures.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, client, db } = await createTestApp();
const admin = await adminPerson(client, db);
const renter = await person(client, 'renter');
const landlord = await person(client, 'landlord');
const listing = await publishListing(app, landlord.client);

async function reportCount(): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from reports`);
  return result.rows[0]?.n ?? 0;
}

describe('POST /api/reports', () => {
  it('reports a listing once: a repeat answers the open report', async () => {
    const first = await renter.client.post('/api/reports', {
      listingId: listing.id,
      reason: 'scam',
      details: 'Asked for the deposit by wire before any viewing.',
    });
    expect(first.status).toBe(201);
    const { report } = CreatedReportSchema.parse(await first.json());
    expect(report.status).toBe('open');

    const repeat = await renter.client.post('/api/reports', {
      listingId: listing.id,
      reason: 'inaccurate',
    });
    expect(repeat.status).toBe(200);
    expect(CreatedReportSchema.parse(await repeat.json()).report.id).toBe(report.id);
    const rows = await db.execute(sql`select id from reports where listing_id = ${listing.id}`);
    expect(rows.rows).toEqual([{ id: report.id }]);

    // Once resolved, a new report is a new one.
    await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { resolution: 'dismissed' });
    const again = await renter.client.post('/api/reports', {
      listingId: listing.id,
      reason: 'spam',
    });
    expect(again.status).toBe(201);
    expect(CreatedReportSchema.parse(await again.json()).report.id).not.toBe(report.id);
  });

  it('keeps one open report when the same reporter sends two at once', async () => {
    const other = await person(client, 'landlord');
    const theirs = await publishListing(app, other.client);
    const body = { listingId: theirs.id, reason: 'scam' };
    const answers = await Promise.all([
      renter.client.post('/api/reports', body),
      renter.client.post('/api/reports', body),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(
      answers.map(async (res) => CreatedReportSchema.parse(await res.json()).report.id),
    );
    expect(ids[0]).toBe(ids[1]);
    const rows = await db.execute(sql`select id from reports where listing_id = ${theirs.id}`);
    expect(rows.rows).toHaveLength(1);
  });

  it('requires a reason, and changes nothing without one', async () => {
    const before = await reportCount();
    for (const body of [
      { listingId: listing.id },
      { listingId: listing.id, reason: '' },
      { listingId: listing.id, reason: 'boring' },
    ]) {
      const res = await renter.client.post('/api/reports', body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Choose a reason for the report.',
      });
    }
    const neither = await renter.client.post('/api/reports', { reason: 'scam' });
    expect(neither.status).toBe(400);
    expect((await errorOf(neither)).message).toBe(
      'Report a listing or a conversation, with a reason.',
    );
    const long = await renter.client.post('/api/reports', {
      listingId: listing.id,
      reason: 'other',
      details: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(await reportCount()).toBe(before);
  });

  it('answers 404 for a listing the reporter cannot see, or that does not exist', async () => {
    const draft = await readListing(
      await landlord.client.post('/api/listings', { title: 'Not out yet' }),
    );
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await renter.client.post('/api/reports', { listingId: id, reason: 'scam' });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'Listing not found.' });
    }
    const own = await landlord.client.post('/api/reports', {
      listingId: listing.id,
      reason: 'spam',
    });
    expect(own.status).toBe(409);
  });

  it('lets only the two participants report a conversation', async () => {
    const other = await person(client, 'renter');
    const conversation = await openConversation(renter, landlord, listing.id);
    const outsider = await other.client.post('/api/reports', {
      conversationId: conversation.id,
      reason: 'harassment',
    });
    expect(outsider.status).toBe(404);
    expect(await errorOf(outsider)).toEqual({
      code: 'CONVERSATION_NOT_FOUND',
      message: 'Conversation not found',
    });
    const unknown = await renter.client.post('/api/reports', {
      conversationId: '00000000-0000-4000-8000-000000000000',
      reason: 'harassment',
    });
    expect(unknown.status).toBe(404);
    for (const who of [renter, landlord]) {
      const res = await who.client.post('/api/reports', {
        conversationId: conversation.id,
        reason: 'harassment',
      });
      expect(res.status).toBe(201);
    }
  });
});

describe('the admin reports queue', () => {
  it("shows a conversation report with that conversation's messages only, and logs the read", async () => {
    const reporter = await person(client, 'renter', 'Rhea Reporter');
    const sender = await person(client, 'landlord', 'Shady Sender');
    const conversation = await openConversation(reporter, sender);
    await send(reporter, conversation.id, 'Is the apartment still available?');
    await send(sender, conversation.id, 'Yes. Wire the deposit today to hold it.');
    // The reporter's other conversation must not leak into the report.
    const elsewhere = await openConversation(reporter, landlord);
    await send(reporter, elsewhere.id, 'A different conversation.');

    const created = await reporter.client.post('/api/reports', {
      conversationId: conversation.id,
      reason: 'scam',
      details: 'Wants a wire transfer.',
    });
    const reportId = CreatedReportSchema.parse(await created.json()).report.id;

    const queue = AdminReportsSchema.parse(
      await (await admin.client.get('/api/admin/reports?status=open')).json(),
    );
    const queued = queue.items.find((r) => r.id === reportId);
    expect(queued?.subject).toEqual({
      kind: 'conversation',
      conversationId: conversation.id,
      participants: expect.arrayContaining([
        { id: reporter.id, name: reporter.name },
        { id: sender.id, name: sender.name },
      ]),
    });
    expect(queued?.reporter).toEqual({
      id: reporter.id,
      name: reporter.name,
      email: reporter.email,
    });

    const res = await admin.client.get(`/api/admin/reports/${reportId}`);
    expect(res.status).toBe(200);
    const detail = AdminReportDetailSchema.parse(await res.json());
    expect(detail.report.details).toBe('Wants a wire transfer.');
    expect(detail.messages?.map((m) => m.content)).toEqual([
      'Is the apartment still available?',
      'Yes. Wire the deposit today to hold it.',
    ]);
    expect(new Set(detail.messages?.map((m) => m.conversationId))).toEqual(
      new Set([conversation.id]),
    );
    const audit = await db.execute<{ action: string; actor_id: string; details: unknown }>(sql`
      select action, actor_id, details from admin_audit_log where target_id = ${conversation.id}`);
    expect(audit.rows).toEqual([
      {
        action: 'report.view-conversation',
        actor_id: admin.id,
        details: { reportId, messages: 2 },
      },
    ]);
  });

  it('shows a listing report without messages and without an audit row', async () => {
    const other = await person(client, 'landlord');
    const theirs = await publishListing(app, other.client);
    const created = await renter.client.post('/api/reports', {
      listingId: theirs.id,
      reason: 'unavailable',
    });
    const reportId = CreatedReportSchema.parse(await created.json()).report.id;
    const detail = AdminReportDetailSchema.parse(
      await (await admin.client.get(`/api/admin/reports/${reportId}`)).json(),
    );
    expect(detail.messages).toBeUndefined();
    expect(detail.report.subject).toEqual({
      kind: 'listing',
      listingId: theirs.id,
      title: theirs.title,
      status: 'active',
      landlordId: other.id,
    });
    const audit = await db.execute(
      sql`select 1 from admin_audit_log where target_id = ${reportId}`,
    );
    expect(audit.rows).toEqual([]);
  });

  it('resolves a report once (again: 409), recorded in the audit log', async () => {
    const other = await person(client, 'landlord');
    const theirs = await publishListing(app, other.client);
    const created = await renter.client.post('/api/reports', {
      listingId: theirs.id,
      reason: 'scam',
    });
    const reportId = CreatedReportSchema.parse(await created.json()).report.id;

    const bad = await admin.client.post(`/api/admin/reports/${reportId}/resolve`, {
      resolution: 'maybe',
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Choose dismissed or action-taken.');

    const res = await admin.client.post(`/api/admin/reports/${reportId}/resolve`, {
      resolution: 'action-taken',
      note: 'Listing taken down.',
    });
    expect(res.status).toBe(200);
    const { report } = AdminReportResponseSchema.parse(await res.json());
    expect(report).toMatchObject({
      status: 'resolved',
      resolution: 'action-taken',
      resolutionNote: 'Listing taken down.',
    });
    expect(report.resolvedAt).not.toBeNull();

    const again = await admin.client.post(`/api/admin/reports/${reportId}/resolve`, {
      resolution: 'dismissed',
    });
    expect(again.status).toBe(409);
    const resolved = AdminReportsSchema.parse(
      await (await admin.client.get('/api/admin/reports?status=resolved')).json(),
    );
    expect(resolved.items.map((r) => r.id)).toContain(reportId);
    const open = AdminReportsSchema.parse(
      await (await admin.client.get('/api/admin/reports')).json(),
    );
    expect(open.items.map((r) => r.id)).not.toContain(reportId);
    const audit = await db.execute<{ action: string }>(
      sql`select action from admin_audit_log where target_id = ${reportId}`,
    );
    expect(audit.rows).toEqual([{ action: 'report.resolve' }]);
  });

  it('answers unknown and malformed report ids with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '12']) {
      const get = await admin.client.get(`/api/admin/reports/${id}`);
      expect(get.status).toBe(404);
      expect(await errorOf(get)).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
      const resolve = await admin.client.post(`/api/admin/reports/${id}/resolve`, {
        resolution: 'dismissed',
      });
      expect(resolve.status).toBe(404);
    }
  });

  it('pages the queue newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const other = await person(client, 'landlord');
      const theirs = await publishListing(app, other.client);
      const res = await renter.client.post('/api/reports', {
        listingId: theirs.id,
        reason: 'spam',
      });
      ids.push(CreatedReportSchema.parse(await res.json()).report.id);
    }
    const first = AdminReportsSchema.parse(
      await (await admin.client.get('/api/admin/reports?limit=2')).json(),
    );
    expect(first.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const cursor = encodeURIComponent(first.nextCursor ?? '');
    const second = AdminReportsSchema.parse(
      await (await admin.client.get(`/api/admin/reports?limit=2&cursor=${cursor}`)).json(),
    );
    expect(second.items[0]?.id).toBe(ids[0]);
  });
});
