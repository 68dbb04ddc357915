import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageEventSchema } from '../../../shared/schemas/events.ts';
import {
  EventStreamReader,
  openConversation,
  person,
  send,
} from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { endUserStreams, transactionWithEvents } from './events.service.ts';

/*
 * On a real Node server `GET /api/events` writes straight onto the response (sse-response.ts),
 * not through Hono's stream as under app.request(): the same contract, checked over HTTP.
 */

const { app, client, deps } = await createTestApp();
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const overHttp = { request: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init) };
afterAll(async () => {
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const messageIdOf = (data: unknown) => MessageEventSchema.parse(data).message.id;

describe('GET /api/events on a Node server', () => {
  it('answers an event stream that starts with ready and delivers messages as they commit', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const res = await fetch(`${origin}/api/events`, {
      headers: { cookie: landlord.client.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    await res.body?.cancel();

    const stream = await EventStreamReader.open(overHttp, landlord.client);
    await stream.until((events) => events.some((e) => e.type === 'ready'));
    const message = await send(renter, conversation.id, 'Line one\nline two');
    await stream.until((events) => events.some((e) => e.type === 'message.created'));
    const created = stream.ofType('message.created')[0]?.data;
    expect(MessageEventSchema.parse(created).message.content).toBe('Line one\nline two');
    expect(messageIdOf(created)).toBe(message.id);
    await stream.close();
  });

  it('resumes after Last-Event-ID with what was missed, once each', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const first = await EventStreamReader.open(overHttp, landlord.client);
    await first.until((events) => events.some((e) => e.type === 'ready'));
    const before = await send(renter, conversation.id, 'Before the drop');
    await first.until((events) => events.some((e) => e.type === 'message.created'));
    const resumeFrom = first.lastId;
    await first.close();

    const missed = [
      await send(renter, conversation.id, 'Missed one'),
      await send(renter, conversation.id, 'Missed two'),
    ];
    const again = await EventStreamReader.open(overHttp, landlord.client, resumeFrom);
    await again.until((events) => events.filter((e) => e.type === 'message.created').length >= 2);
    const ids = again.ofType('message.created').map((e) => messageIdOf(e.data));
    expect(ids).toEqual(missed.map((m) => m.id));
    expect(ids).not.toContain(before.id);
    expect(again.ofType('ready')).toHaveLength(0);
    await again.close();
  });

  it("ends the stream from the server's side (a suspension), and the connection with it", async () => {
    const renter = await person(client);
    const stream = await EventStreamReader.open(overHttp, renter.client);
    await stream.until((events) => events.some((e) => e.type === 'ready'));
    await transactionWithEvents({ db: deps.database.db, events: deps.events }, async (tx) => {
      await endUserStreams(tx, renter.id);
    });
    await stream.until((_, ended) => ended);
    expect(stream.ended).toBe(true);
  });
});
