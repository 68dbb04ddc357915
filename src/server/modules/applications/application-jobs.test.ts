import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type Application, ApplicationSchema } from '../../../shared/schemas/applications.ts';
import type { RenterDocument } from '../../../shared/schemas/renter-documents.ts';
import { enqueueJob, listFailedJobs } from '../../lib/jobs/jobs.ts';
import { signUpCast } from '../../test/authz-matrix.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { uploadDocument } from '../../test/document-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import type { Person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * The job that ends a landlord's access to a closed application's documents 30 days after it
 * closed (decision 055), run by the test app's runner as the server runs it.
 */

const { app, client, db } = await createTestApp();
const { renter, owner } = await signUpCast(client, db, { renter: 'renter', owner: 'landlord' });
await onPlan(db, owner.client);
const WAIT = { timeout: 30_000, interval: 50 };

expect(
  (
    await renter.client.put('/api/renter-profile', {
      legalName: 'Rhea Renter',
      phone: '718 555 0142',
      currentAddress: '12 Bergen St, Brooklyn',
      moveInDate: '2027-02-01',
      occupants: 1,
      incomes: [{ source: 'employment', monthlyCents: 1_300_000 }],
    })
  ).status,
).toBe(200);

async function applyWith(documents: RenterDocument[]): Promise<Application> {
  const listing = await publishListing(app, owner.client);
  const res = await renter.client.post(`/api/listings/${listing.id}/applications`, {
    documentIds: documents.map((d) => d.id),
    idempotencyKey: randomUUID(),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return ApplicationSchema.parse(body);
}

/** Withdrawn, then its close moved `days` back. */
async function closedDaysAgo(application: Application, days: number) {
  expect(
    (await renter.client.post(`/api/applications/${application.id}/withdraw`, {})).status,
  ).toBe(200);
  await db.execute(sql`update applications
    set closed_at = now() - make_interval(days => ${days}) where id = ${application.id}`);
}

async function runJob() {
  await enqueueJob(db, 'applications.end-document-access', {});
  await vi.waitFor(async () => {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs`,
    );
    expect(rows[0]?.n).toBe(0);
  }, WAIT);
  expect(await listFailedJobs(db)).toEqual([]);
}

const download = (who: Person, id: string) => who.client.get(`/api/renter-profile/documents/${id}`);

async function accessEnded(id: string): Promise<boolean> {
  const { rows } = await db.execute<{ ended: boolean }>(
    sql`select document_access_ended_at is not null as ended from applications where id = ${id}`,
  );
  return rows[0]?.ended ?? false;
}

describe('the end of the landlord’s access to the documents of a closed application', () => {
  it('comes 30 days after it closed: the landlord gets 404, the renter still reads their own', async () => {
    const old = await uploadDocument(app, renter.client, { kind: 'pay_stub', name: 'old.pdf' });
    const recent = await uploadDocument(app, renter.client, { kind: 'pay_stub', name: 'new.pdf' });
    const shared = await uploadDocument(app, renter.client, { kind: 'id', name: 'id.pdf' });
    const closedLong = await applyWith([old, shared]);
    const closedLately = await applyWith([recent]);
    // The same document also sent with an application still open: that one keeps it readable.
    const open = await applyWith([shared]);
    await closedDaysAgo(closedLong, 31);
    await closedDaysAgo(closedLately, 29);

    await runJob();

    expect(await accessEnded(closedLong.id)).toBe(true);
    expect(await accessEnded(closedLately.id)).toBe(false);
    expect(await accessEnded(open.id)).toBe(false);
    expect((await download(owner, old.id)).status).toBe(404);
    expect((await download(owner, recent.id)).status).toBe(200);
    expect((await download(owner, shared.id)).status).toBe(200);
    for (const document of [old, recent, shared]) {
      expect((await download(renter, document.id)).status).toBe(200);
    }
    // The application still lists what was sent, for both sides: not "removed by the applicant".
    const view = ApplicationSchema.parse(
      await (await owner.client.get(`/api/applications/${closedLong.id}`)).json(),
    );
    expect(view.documents.map((d) => [d.name, d.removed])).toEqual([
      ['old.pdf', false],
      ['id.pdf', false],
    ]);
  });

  it('holds once ended, even if the close were moved back into the window', async () => {
    const stub = await uploadDocument(app, renter.client, { kind: 'pay_stub' });
    const application = await applyWith([stub]);
    await closedDaysAgo(application, 40);
    await runJob();
    await db.execute(sql`update applications set closed_at = now() - interval '1 day'
      where id = ${application.id}`);
    expect((await download(owner, stub.id)).status).toBe(404);
    expect((await download(renter, stub.id)).status).toBe(200);
    // A second run finds nothing left to end.
    await runJob();
    expect(await accessEnded(application.id)).toBe(true);
  });
});
