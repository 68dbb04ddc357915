import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGES } from '../../../shared/errors.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  RenterDocumentsSchema,
} from '../../../shared/schemas/renter-documents.ts';
import { renterDocuments } from '../../db/schema/applications.ts';
import { rateLimitHits } from '../../db/schema/rate-limits.ts';
import { type Answer, authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import {
  DOCUMENTS_PATH,
  postDocument,
  TEST_PDF,
  testImage,
  uploadDocument,
} from '../../test/document-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { TOO_MANY_DOCUMENTS_MESSAGE } from './renter-documents.service.ts';
import { DOCUMENT_MESSAGES } from './renter-documents.upload.ts';

/**
 * `/api/renter-profile/documents` (issue 28): a renter's private documents, checked by content,
 * answered only to their owner, never at /media, refused to every other role.
 */

const { app, client, db, deps } = await createTestApp();

async function storageKeyOf(id: string): Promise<string> {
  const [row] = await db
    .select({ key: renterDocuments.storageKey })
    .from(renterDocuments)
    .where(eq(renterDocuments.id, id));
  if (!row) throw new Error(`no document ${id}`);
  return row.key;
}

async function listOf(renter: Person) {
  const res = await renter.client.get(DOCUMENTS_PATH);
  expect(res.status).toBe(200);
  return RenterDocumentsSchema.parse(await res.json()).items;
}

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json()).error;
}

const people = await signUpCast(client, db, {
  owner: 'renter',
  otherRenter: 'renter',
  landlord: 'landlord',
  admin: 'admin',
});
const { owner } = people;
const UPLOAD = 'upload';
const matrix = authzMatrix({
  client,
  seats: { signedOut: SIGNED_OUT, ...people },
  send: (browser, { method, path, body }) =>
    body === UPLOAD ? postDocument(app, browser) : browser.request(method, path, body),
});

describe('renter documents authorization matrix', () => {
  const FORBIDDEN: Answer = {
    status: 403,
    message: 'You do not have permission to perform this action.',
  };
  const NOT_FOUND: Answer = { status: 404, message: 'Document not found' };
  const refused = { signedOut: 401, landlord: FORBIDDEN, admin: FORBIDDEN };
  const documentCount = () => db.$count(renterDocuments);

  matrix.row({
    name: 'GET /api/renter-profile/documents: renters, each their own',
    setup: () => uploadDocument(app, owner.client),
    expect: { ...refused, otherRenter: 200, owner: 200 },
    request: () => ({ method: 'GET', path: DOCUMENTS_PATH }),
    after: async (document) => {
      expect((await listOf(people.otherRenter)).map((d) => d.id)).not.toContain(document.id);
      expect((await listOf(owner)).map((d) => d.id)).toContain(document.id);
    },
  });

  matrix.row({
    name: 'POST /api/renter-profile/documents: renters only',
    expect: { ...refused, otherRenter: 201, owner: 201 },
    request: () => ({ method: 'POST', path: DOCUMENTS_PATH, body: UPLOAD }),
    unchanged: documentCount,
  });

  matrix.row({
    name: 'GET /api/renter-profile/documents/{id}: the owner; to anyone it was not sent to, not found',
    setup: () => uploadDocument(app, owner.client),
    expect: {
      signedOut: 401,
      landlord: NOT_FOUND,
      admin: NOT_FOUND,
      otherRenter: NOT_FOUND,
      owner: 200,
    },
    request: (document) => ({ method: 'GET', path: `${DOCUMENTS_PATH}/${document.id}` }),
    inspect: (caller, _status, text) => {
      if (caller !== 'owner') expect(text).not.toContain('%PDF');
    },
  });

  matrix.row({
    name: "DELETE /api/renter-profile/documents/{id}: the owner only; anyone else's is not found",
    setup: async () => {
      const document = await uploadDocument(app, owner.client);
      return { document, key: await storageKeyOf(document.id) };
    },
    expect: { ...refused, otherRenter: NOT_FOUND, owner: 204 },
    request: ({ document }) => ({ method: 'DELETE', path: `${DOCUMENTS_PATH}/${document.id}` }),
    unchanged: documentCount,
    after: async ({ document, key }) => {
      expect(await db.$count(renterDocuments, eq(renterDocuments.id, document.id))).toBe(0);
      expect(await deps.storage.exists(key)).toBe(false);
    },
  });

  it('refuses a signed-out or landlord upload before reading its body', async () => {
    for (const [caller, status] of [
      ['', 401],
      [people.landlord.client.cookie, 403],
    ] as const) {
      // A body that counts its reads: none may happen.
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls += 1;
            if (pulls > 200) controller.close();
            else controller.enqueue(new Uint8Array(64 * 1024));
          },
        },
        { highWaterMark: 0 },
      );
      const res = await app.request(DOCUMENTS_PATH, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          'content-type': 'multipart/form-data; boundary=stoop-test',
          ...(caller ? { cookie: caller } : {}),
        },
      } as RequestInit);
      expect(res.status).toBe(status);
      expect(pulls).toBe(0);
    }
  });
});

describe('POST /api/renter-profile/documents', () => {
  it('keeps a PDF, JPEG, PNG and WebP, typed by content, and answers each byte for byte', async () => {
    const renter = await person(client, 'renter');
    const files = [
      { data: TEST_PDF, type: 'application/pdf' },
      { data: await testImage('jpeg'), type: 'image/jpeg' },
      { data: await testImage('png'), type: 'image/png' },
      { data: await testImage('webp'), type: 'image/webp' },
    ];
    for (const { data, type } of files) {
      // Named and declared as something else: only the bytes count.
      const upload = { data, name: 'scan.txt', type: 'text/plain', kind: 'bank_statement' };
      const document = await uploadDocument(app, renter.client, upload);
      expect(document).toMatchObject({
        kind: 'bank_statement',
        name: 'scan.txt',
        size: data.length,
        contentType: type,
      });
      const res = await renter.client.get(`${DOCUMENTS_PATH}/${document.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    }
  });

  it('refuses a text file named .pdf, naming the file field', async () => {
    const renter = await person(client, 'renter');
    const res = await postDocument(app, renter.client, { data: 'just some text', name: 'x.pdf' });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: DOCUMENT_MESSAGES.wrongType });
    expect(error.details).toEqual([{ path: 'file', message: DOCUMENT_MESSAGES.wrongType }]);
    expect(await listOf(renter)).toEqual([]);
  });

  it('refuses a wrong or missing kind, naming the kind field', async () => {
    const renter = await person(client, 'renter');
    for (const kind of ['passport', '', null]) {
      const res = await postDocument(app, renter.client, { kind });
      expect(res.status, String(kind)).toBe(400);
      const error = await errorOf(res);
      expect(error.message).toMatch(/^Document kind must be one of: pay_stub, /);
      expect(error.details).toEqual([{ path: 'kind', message: error.message }]);
    }
  });

  it('refuses no file, an empty file or a JSON body, naming the file field', async () => {
    const renter = await person(client, 'renter');
    const answers = [
      await postDocument(app, renter.client, { data: null }),
      await postDocument(app, renter.client, { data: Buffer.alloc(0) }),
      await renter.client.post(DOCUMENTS_PATH, { file: 'x', kind: 'id' }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect((await errorOf(res)).details).toEqual([{ path: 'file', message: expect.any(String) }]);
    }
    expect(await listOf(renter)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const renter = await person(client, 'renter');
    const pdf = Buffer.concat([TEST_PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const res = await postDocument(app, renter.client, { data: pdf });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
    // Past the body limit itself, refused while it is read.
    const huge = Buffer.concat([TEST_PDF, Buffer.alloc(MAX_DOCUMENT_BYTES + 1024 * 1024)]);
    const overLimit = await postDocument(app, renter.client, { data: huge });
    expect(overLimit.status).toBe(413);
    expect((await errorOf(overLimit)).details).toEqual([
      { path: 'file', message: DOCUMENT_MESSAGES.tooLarge },
    ]);
    expect(await listOf(renter)).toEqual([]);
    // Exactly 10 MB is allowed.
    const fits = Buffer.concat([TEST_PDF, Buffer.alloc(MAX_DOCUMENT_BYTES - TEST_PDF.length)]);
    expect((await uploadDocument(app, renter.client, { data: fits })).size).toBe(
      MAX_DOCUMENT_BYTES,
    );
  });

  it('keeps the file name without path parts or control characters, at most 200 characters', async () => {
    const renter = await person(client, 'renter');
    const named = async (name: string) => (await uploadDocument(app, renter.client, { name })).name;
    expect(await named('../../etc/pay\u0000\u202estub.pdf')).toBe('paystub.pdf');
    expect(await named('C:\\Users\\rita\\Lease.pdf')).toBe('Lease.pdf');
    expect(await named('a/b/')).toBe('document.pdf');
    expect(await named('..')).toBe('document.pdf');
    expect(await named(`${'é'.repeat(250)}.pdf`)).toBe('é'.repeat(200));
  });

  it(`stops at ${MAX_DOCUMENTS} documents with 409`, async () => {
    const renter = await person(client, 'renter');
    await db.insert(renterDocuments).values(
      Array.from({ length: MAX_DOCUMENTS }, (_, i) => ({
        userId: renter.id,
        kind: 'other',
        name: `doc-${i}.pdf`,
        size: 1,
        contentType: 'application/pdf',
        storageKey: `private/documents/${randomUUID().replaceAll('-', '')}.bin`,
      })),
    );
    const res = await postDocument(app, renter.client);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      message: TOO_MANY_DOCUMENTS_MESSAGE,
    });
    expect(await db.$count(renterDocuments, eq(renterDocuments.userId, renter.id))).toBe(
      MAX_DOCUMENTS,
    );
  });

  it('counts uploads against an hourly limit (429 with Retry-After)', async () => {
    const renter = await person(client, 'renter');
    await db
      .insert(rateLimitHits)
      .values(
        Array.from({ length: 30 }, () => ({ action: 'document-uploads', userId: renter.id })),
      );
    const res = await postDocument(app, renter.client);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).message).toBe(RATE_LIMIT_MESSAGES.documentUploads);
    expect(await listOf(renter)).toEqual([]);
  });
});

describe('reading and deleting documents', () => {
  it('lists the caller’s documents newest first', async () => {
    const renter = await person(client, 'renter');
    const first = await uploadDocument(app, renter.client, { name: 'first.pdf' });
    const second = await uploadDocument(app, renter.client, { name: 'second.pdf', kind: 'id' });
    const items = await listOf(renter);
    expect(items.map((d) => d.id)).toEqual([second.id, first.id]);
    expect(items[0]).toEqual(second);
  });

  it('answers the file as a private, never-sniffed attachment', async () => {
    const renter = await person(client, 'renter');
    const document = await uploadDocument(app, renter.client, { name: 'Résumé "2024".pdf' });
    const res = await renter.client.get(`${DOCUMENTS_PATH}/${document.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-length')).toBe(String(TEST_PDF.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _2024_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%222024%22.pdf`,
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const renter = await person(client, 'renter');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const method of ['GET', 'DELETE']) {
        const res = await renter.client.request(method, `${DOCUMENTS_PATH}/${id}`);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect((await errorOf(res)).message).toBe('Document not found');
      }
    }
  });

  it('deletes the row and the stored file', async () => {
    const renter = await person(client, 'renter');
    const document = await uploadDocument(app, renter.client);
    const key = await storageKeyOf(document.id);
    expect(await deps.storage.exists(key)).toBe(true);
    expect((await renter.client.delete(`${DOCUMENTS_PATH}/${document.id}`)).status).toBe(204);
    expect(await deps.storage.exists(key)).toBe(false);
    expect(await listOf(renter)).toEqual([]);
    expect((await renter.client.get(`${DOCUMENTS_PATH}/${document.id}`)).status).toBe(404);
    expect((await renter.client.delete(`${DOCUMENTS_PATH}/${document.id}`)).status).toBe(404);
  });

  it('is stored under a private key that /media refuses and that has no public URL', async () => {
    const renter = await person(client, 'renter');
    const document = await uploadDocument(app, renter.client);
    const key = await storageKeyOf(document.id);
    expect(key).toMatch(/^private\/documents\/[0-9a-f]{32}\.bin$/);
    expect(await deps.storage.exists(key)).toBe(true);
    const res = await renter.client.get(`/media/${key}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('%PDF');
    expect(() => deps.storage.publicUrl(key)).toThrow(/private/);
  });
});
