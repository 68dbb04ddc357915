import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { expect } from 'vitest';
import {
  type Conversation,
  ConversationResponseSchema,
  type Message,
  SendMessageResponseSchema,
} from '../../shared/schemas/messaging.ts';
import type { Db } from '../db/client.ts';
import type { ApiClient } from './test-app.ts';

type RequestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export type Person = { client: ApiClient; id: string; email: string; name: string };

/** A signed-up, signed-in person with their user id. */
export async function person(
  client: ApiClient,
  userType: 'renter' | 'landlord' = 'renter',
  name = `${userType === 'renter' ? 'Rita' : 'Lou'} ${randomUUID().slice(0, 6)}`,
): Promise<Person> {
  const browser = client.fork();
  const { email } = await browser.signUp({ userType, name });
  const me = (await (await browser.get('/api/me')).json()) as { user: { id: string } };
  return { client: browser, id: me.user.id, email, name };
}

export async function openConversation(
  from: Person,
  to: Person,
  listingId?: string,
): Promise<Conversation> {
  const res = await from.client.post('/api/conversations', { participantId: to.id, listingId });
  expect([200, 201]).toContain(res.status);
  return ConversationResponseSchema.parse(await res.json()).conversation;
}

export async function send(
  from: Person,
  conversationId: string,
  content: string,
  idempotencyKey: string = randomUUID(),
): Promise<Message> {
  const res = await from.client.post(`/api/conversations/${conversationId}/messages`, {
    content,
    idempotencyKey,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return SendMessageResponseSchema.parse(await res.json()).message;
}

export type ReceivedEvent = { id: number; type: string; data: unknown };

/** An open `GET /api/events` stream read through `app.request()`, like one browser tab. */
export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  private waiters: Array<() => void> = [];
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  status = 0;
  /** True once the server ended the stream. */
  ended = false;

  static async open(app: RequestApp, client: ApiClient, lastEventId?: number) {
    const stream = new EventStreamReader();
    const res = await app.request('/api/events', {
      headers: {
        cookie: client.cookie,
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      },
    });
    stream.status = res.status;
    if (res.status === 200 && res.body) {
      stream.pump(res.body.getReader());
      // A new stream's `ready` carries the id it starts after: an event committed before it is
      // not on the stream (the app refetches at `ready`). A test acts only once it has it.
      if (lastEventId === undefined) {
        await stream.until((events, ended) => ended || events.some((e) => e.type === 'ready'));
      }
    }
    return stream;
  }

  private pump(reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.reader = reader;
    const decoder = new TextDecoder();
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        this.events.push({
          id: Number(message.id),
          type: message.event ?? 'message',
          data: JSON.parse(message.data),
        });
        for (const wake of this.waiters.splice(0)) wake();
      },
    });
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            this.ended = true;
            for (const wake of this.waiters.splice(0)) wake();
            break;
          }
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // Cancelled by close().
      }
    })();
  }

  /** The events of a type received so far. */
  ofType(type: string) {
    return this.events.filter((e) => e.type === type);
  }

  get lastId() {
    return this.events.at(-1)?.id ?? 0;
  }

  /** Waits until `predicate` holds over the received events (and whether the stream ended). */
  async until(predicate: (events: ReceivedEvent[], ended: boolean) => boolean, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.events, this.ended)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out; got ${JSON.stringify(this.events.map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events;
  }

  async close() {
    await this.reader?.cancel().catch(() => {});
  }
}

/**
 * A renter who sent a landlord two messages, with the landlord's two oldest events (ids up to 2:
 * the file's first events) aged past the 7-day window that pruning keeps.
 */
export async function conversationWithAgedEvents(client: ApiClient, db: Db) {
  const renter = await person(client);
  const landlord = await person(client, 'landlord');
  const conversation = await openConversation(renter, landlord);
  await send(renter, conversation.id, 'old');
  await send(renter, conversation.id, 'new');
  await db.execute(sql`update events set created_at = now() - interval '8 days'
    where user_id = ${landlord.id} and id <= 2`);
  return { renter, landlord, conversation };
}
