import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../shared/schemas/error.ts';
import { readListing } from './test/listing-fixtures.ts';
import { person } from './test/messaging-fixtures.ts';
import { createTestApp, TEST_BASE_URL } from './test/test-app.ts';

/**
 * Issue 10 item 9: a body over the limit is a 413 in the docs/architecture.md §4 shape that the
 * client actually reads, on a real socket (app.request() never shows a connection reset).
 */
const { app, client } = await createTestApp();
const landlord = await person(client, 'landlord');
const draft = await readListing(await landlord.client.post('/api/listings', { title: 'Big one' }));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; body: string };

/**
 * Sends all `size` bytes in 64 KiB chunks (chunked, or with a content-length), waiting for the
 * socket to drain, like curl or a browser that keeps uploading after an early answer. Resolves
 * with the answer; a reset (EPIPE, ECONNRESET) at any point rejects.
 */
function send(
  path: string,
  options: {
    size: number;
    chunked: boolean;
    contentType: string;
    prefix?: string;
    signedOut?: boolean;
    /**
     * The answer comes before the body is read (issue 26: a signed-out upload): done when it
     * has been read whole, whatever then happens to the rest of the upload.
     */
    earlyAnswer?: boolean;
  },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': options.contentType,
      ...(options.signedOut ? {} : { cookie: landlord.client.cookie }),
      origin: TEST_BASE_URL,
      host: new URL(TEST_BASE_URL).host,
    };
    if (!options.chunked) headers['content-length'] = String(options.size);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body };
        if (options.earlyAnswer) {
          req.destroy();
          resolve(answer);
        }
        settle();
      });
      res.on('error', reject);
    });
    let answer: Sent | undefined;
    let uploaded = false;
    // Done when the whole body went out and the answer came back, in either order.
    const settle = () => {
      if (answer && uploaded) resolve(answer);
    };
    req.on('finish', () => {
      uploaded = true;
      settle();
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let left = options.size;
    if (options.prefix) {
      req.write(options.prefix);
      left -= Buffer.byteLength(options.prefix);
    }
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

function expectTooLarge(sent: Sent) {
  expect(sent.status, sent.body).toBe(413);
  const body = ErrorBodySchema.parse(JSON.parse(sent.body));
  expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  expect(body.requestId).toEqual(expect.any(String));
  return body;
}

const MB = 1024 * 1024;
const BOUNDARY = 'stoop-test-boundary';
const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const photoPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

describe('a 30 MB photo upload', () => {
  for (const chunked of [false, true]) {
    it(`answers 413 with the error shape (${chunked ? 'chunked' : 'content-length'})`, async () => {
      const sent = await send(`/api/listings/${draft.id}/photos`, {
        size: 30 * MB,
        chunked,
        contentType: multipart,
        prefix: photoPart,
      });
      const body = expectTooLarge(sent);
      expect(body.error.message).toBe('Photos must be 10 MiB or smaller.');
    });
  }
});

it('a signed-out 5 MB upload reads its 401 (answered before the body is read), not a reset', async () => {
  for (const chunked of [false, true]) {
    const sent = await send(`/api/listings/${draft.id}/photos`, {
      size: 5 * MB,
      chunked,
      contentType: multipart,
      prefix: photoPart,
      signedOut: true,
      earlyAnswer: true,
    });
    expect(sent.status, sent.body).toBe(401);
    expect(ErrorBodySchema.parse(JSON.parse(sent.body)).error.code).toBe('UNAUTHENTICATED');
  }
});

describe('a JSON body over 1 MB', () => {
  for (const chunked of [false, true]) {
    it(`answers 413 with the error shape (${chunked ? 'chunked' : 'content-length'})`, async () => {
      const sent = await send(`/api/listings/${draft.id}`, {
        size: 2 * MB,
        chunked,
        contentType: 'application/json',
        prefix: '{"description":"',
      });
      expectTooLarge(sent);
      // The server is still fine for the next request.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    });
  }
});
