import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminPerson } from '../../test/admin-fixtures.ts';
import { authzMatrix, type Call, SIGNED_OUT } from '../../test/authz-matrix.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { openConversation, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Every admin endpoint, and the report endpoint, against the four callers: an admin, a renter,
 * a landlord and nobody signed in. The denied callers must change nothing (no audit row, no
 * state).
 */

const { app, client, db } = await createTestApp();

type Caller = 'signedOut' | 'landlord' | 'renter' | 'admin';

const admin = await adminPerson(client, db);
const renter = await person(client, 'renter');
const landlord = await person(client, 'landlord');
const matrix = authzMatrix<Caller>({
  client,
  seats: { signedOut: SIGNED_OUT, landlord, renter, admin },
});

async function auditCount(): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from admin_audit_log`,
  );
  return result.rows[0]?.n ?? 0;
}

/** A listing of its own landlord (plans limit active listings per landlord). */
async function freshListing() {
  const owner = await person(client, 'landlord');
  return publishListing(app, owner.client);
}

async function openReport(): Promise<string> {
  const listing = await freshListing();
  const reporter = await person(client, 'renter');
  const res = await reporter.client.post('/api/reports', { listingId: listing.id, reason: 'scam' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { report: { id: string } }).report.id;
}

type Row = {
  name: string;
  expected: Record<Caller, number>;
  /** Made once per row, before any caller: what the request acts on. */
  setup?: () => Promise<string>;
  request: (target: string) => Call;
  /** Audit rows the successful call writes. */
  audits?: number;
};

const ADMIN_ONLY = { signedOut: 401, landlord: 403, renter: 403, admin: 200 } as const;

const ROWS: Row[] = [
  { name: 'GET overview', expected: ADMIN_ONLY, request: () => get('/api/admin/overview') },
  { name: 'GET users', expected: ADMIN_ONLY, request: () => get('/api/admin/users?q=a') },
  {
    name: 'POST users/{id}/suspend',
    expected: ADMIN_ONLY,
    setup: async () => (await person(client, 'renter')).id,
    request: (id) => post(`/api/admin/users/${id}/suspend`, { reason: 'Spam' }),
    audits: 1,
  },
  {
    name: 'POST users/{id}/restore',
    expected: ADMIN_ONLY,
    setup: async () => {
      const target = await person(client, 'landlord');
      expect((await admin.client.post(`/api/admin/users/${target.id}/suspend`)).status).toBe(200);
      return target.id;
    },
    request: (id) => post(`/api/admin/users/${id}/restore`),
    audits: 1,
  },
  { name: 'GET listings', expected: ADMIN_ONLY, request: () => get('/api/admin/listings') },
  {
    name: 'POST listings/{id}/unpublish',
    expected: ADMIN_ONLY,
    setup: async () => (await freshListing()).id,
    request: (id) => post(`/api/admin/listings/${id}/unpublish`, { reason: 'Scam' }),
    audits: 1,
  },
  {
    name: 'POST listings/{id}/restore',
    expected: ADMIN_ONLY,
    setup: async () => {
      const { id } = await freshListing();
      expect((await admin.client.post(`/api/admin/listings/${id}/unpublish`)).status).toBe(200);
      return id;
    },
    request: (id) => post(`/api/admin/listings/${id}/restore`),
    audits: 1,
  },
  {
    name: 'POST listings/{id}/feature',
    expected: ADMIN_ONLY,
    setup: async () => (await freshListing()).id,
    request: (id) => post(`/api/admin/listings/${id}/feature`, {}),
    audits: 1,
  },
  {
    name: 'GET reports',
    expected: ADMIN_ONLY,
    request: () => get('/api/admin/reports?status=open'),
  },
  {
    name: 'GET reports/{id} (a conversation: the read is audited)',
    expected: ADMIN_ONLY,
    setup: async () => {
      const a = await person(client, 'renter');
      const b = await person(client, 'landlord');
      const conversation = await openConversation(a, b);
      const res = await a.client.post('/api/reports', {
        conversationId: conversation.id,
        reason: 'harassment',
      });
      return ((await res.json()) as { report: { id: string } }).report.id;
    },
    request: (id) => get(`/api/admin/reports/${id}`),
    audits: 1,
  },
  {
    name: 'POST reports/{id}/resolve',
    expected: ADMIN_ONLY,
    setup: openReport,
    request: (id) => post(`/api/admin/reports/${id}/resolve`, { resolution: 'dismissed' }),
    audits: 1,
  },
  { name: 'GET audit', expected: ADMIN_ONLY, request: () => get('/api/admin/audit') },
  {
    name: 'POST /api/reports (renters and landlords)',
    expected: { signedOut: 401, landlord: 201, renter: 201, admin: 403 },
    setup: async () => (await freshListing()).id,
    request: (listingId) => post('/api/reports', { listingId, reason: 'inaccurate' }),
  },
];

function get(path: string): Call {
  return { method: 'GET', path };
}
function post(path: string, body: unknown = {}): Call {
  return { method: 'POST', path, body };
}

describe('admin authorization matrix', () => {
  for (const row of ROWS) {
    matrix.row({
      name: row.name,
      setup: async () => ({
        target: row.setup ? await row.setup() : '',
        audits: await auditCount(),
      }),
      expect: row.expected,
      request: ({ target }) => row.request(target),
      // Refused calls leave no trace.
      unchanged: auditCount,
      after: async ({ audits }) => {
        expect(await auditCount()).toBe(audits + (row.audits ?? 0));
      },
    });
  }

  it('answers every admin path to non-admins before looking at the id', async () => {
    for (const path of ['users/nope/suspend', 'listings/nope/unpublish', 'reports/nope/resolve']) {
      expect((await renter.client.post(`/api/admin/${path}`, {})).status).toBe(403);
      expect((await client.fork().post(`/api/admin/${path}`, {})).status).toBe(401);
    }
  });
});
