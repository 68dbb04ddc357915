import sharp from 'sharp';
import {
  type RenterDocument,
  RenterDocumentResponseSchema,
} from '../../shared/schemas/renter-documents.ts';
import type { ApiClient } from './test-app.ts';

type RequestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export const DOCUMENTS_PATH = '/api/renter-profile/documents';

/** The smallest file every PDF reader opens. */
export const TEST_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A tiny image of each type a document may be. */
export async function testImage(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const image = sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 61, g: 90, b: 128 } },
  });
  return image.toFormat(format).toBuffer();
}

/** Posts a document upload (multipart "file" and "kind"); a field left `null` is not sent. */
export function postDocument(
  app: RequestApp,
  client: ApiClient,
  upload: {
    data?: Buffer | string | null;
    name?: string;
    type?: string;
    kind?: string | null;
  } = {},
): Promise<Response> {
  const form = new FormData();
  const data = upload.data === undefined ? TEST_PDF : upload.data;
  if (data !== null) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const file = new File([new Uint8Array(bytes)], upload.name ?? 'pay-stub.pdf', {
      type: upload.type ?? 'application/pdf',
    });
    form.append('file', file);
  }
  const kind = upload.kind === undefined ? 'pay_stub' : upload.kind;
  if (kind !== null) form.append('kind', kind);
  return Promise.resolve(
    app.request(DOCUMENTS_PATH, {
      method: 'POST',
      body: form,
      headers: client.cookie ? { cookie: client.cookie } : {},
    }),
  );
}

/** Uploads a document and returns it (throws on anything but 201). */
export async function uploadDocument(
  app: RequestApp,
  client: ApiClient,
  upload: Parameters<typeof postDocument>[2] = {},
): Promise<RenterDocument> {
  const res = await postDocument(app, client, upload);
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return RenterDocumentResponseSchema.parse(body).document;
}
