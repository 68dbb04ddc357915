/** The messaging benchmark's live streams (bench/messaging.ts) and the deliveries they time. */
import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { sleep } from '../../src/server/test/server-process.ts';
import { rssKb } from '../lib/proc.ts';
import { percentile, round } from '../lib/stats.ts';
import { type BenchUser, inBatches } from './setup.ts';

export type Stream = {
  user: BenchUser;
  req: http.ClientRequest | undefined;
  ready: boolean;
  closed: boolean;
  events: number;
  lastId: number;
  outOfOrder: number;
};

export type Delivery = {
  due: number;
  started: number;
  answered?: number;
  status?: number;
  messageId?: string;
  error?: string;
  received?: number;
  receivedId?: string;
  echoed?: number;
  duplicates: number;
};

/** `bench <runId> <i> …`: the content of the run's i-th send. */
const NONCE = /^bench ([a-z0-9]+) (\d+) /;

/**
 * The run's live streams, one per user on `GET /api/events`, and what they receive: each
 * `message.created` of this run's sends is timed into its delivery.
 */
export class LiveStreams {
  readonly streams: Stream[] = [];
  /** The i-th send's timings, filled by the sends and by the streams. */
  readonly deliveries: Delivery[] = [];
  /** Tells this run's sends from earlier runs' in the content. */
  readonly runId = Date.now().toString(36);
  unexpectedCloses = 0;
  otherEvents = 0;
  private closing = false;

  constructor(
    private readonly base: URL,
    private readonly agent: http.Agent,
  ) {}

  /**
   * Opens a stream for each user (50 at a time) and measures the server's memory (RSS) before
   * and after.
   */
  async openAll(streamUsers: BenchUser[], serverPid: number) {
    /** Median of a few samples: the heap grows and shrinks between collections. */
    const steadyRssKb = async () => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        samples.push(rssKb(serverPid));
        await sleep(500);
      }
      return percentile(
        samples.sort((a, b) => a - b),
        50,
      );
    };
    await sleep(1_000);
    const rssBeforeKb = await steadyRssKb();
    const openStarted = performance.now();
    await inBatches(streamUsers, 50, async (streamUser) => {
      this.streams.push(await this.open(streamUser));
    });
    const openMs = performance.now() - openStarted;
    await sleep(1_000);
    const rssAfterKb = await steadyRssKb();
    const memoryPerStreamKb = (rssAfterKb - rssBeforeKb) / this.streams.length;
    console.log(
      `streams: ${this.streams.length} ready in ${round(openMs / 1000, 1)} s; server RSS ` +
        `${round(rssBeforeKb / 1024, 1)} MB -> ${round(rssAfterKb / 1024, 1)} MB ` +
        `(${round(memoryPerStreamKb, 1)} KB per stream)`,
    );
    return { openMs, rssBeforeKb, rssAfterKb, memoryPerStreamKb };
  }

  /** Opens one user's stream; resolves once the server says it is `ready`. */
  open(streamUser: BenchUser): Promise<Stream> {
    return new Promise<Stream>((resolve, reject) => {
      const stream: Stream = {
        user: streamUser,
        req: undefined,
        ready: false,
        closed: false,
        events: 0,
        lastId: 0,
        outOfOrder: 0,
      };
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`stream for ${streamUser.email} not ready in 30 s`));
      }, 30_000);
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: '/api/events',
          agent: this.agent,
          headers: { cookie: streamUser.cookie, accept: 'text/event-stream' },
        },
        (res) => {
          res.setEncoding('utf8');
          if (res.statusCode !== 200) {
            let text = '';
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => {
              clearTimeout(timer);
              reject(new Error(`GET /api/events answered ${res.statusCode}: ${text}`));
            });
            return;
          }
          const parser = createParser({
            onEvent: (event) => {
              if (event.event === 'ready' && !stream.ready) {
                stream.ready = true;
                clearTimeout(timer);
                resolve(stream);
              }
              this.onEvent(stream, event);
            },
          });
          res.on('data', (chunk: string) => parser.feed(chunk));
          res.on('close', () => {
            stream.closed = true;
            if (!this.closing) this.unexpectedCloses += 1;
          });
        },
      );
      stream.req = req;
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end();
    });
  }

  private onEvent(stream: Stream, event: EventSourceMessage) {
    stream.events += 1;
    if (event.id !== undefined) {
      const id = Number(event.id);
      if (event.event !== 'ready' && id <= stream.lastId) stream.outOfOrder += 1;
      stream.lastId = id;
    }
    if (event.event !== 'message.created') {
      if (event.event !== 'ready' && event.event !== 'unread.changed') this.otherEvents += 1;
      return;
    }
    const now = performance.now();
    const { message } = JSON.parse(event.data) as {
      message: { id: string; content: string; senderId: string; receiverId: string | null };
    };
    const match = NONCE.exec(message.content);
    if (!match || match[1] !== this.runId) return;
    const delivery = this.deliveries[Number(match[2])];
    if (!delivery) return;
    if (message.receiverId === stream.user.id) {
      if (delivery.received !== undefined) delivery.duplicates += 1;
      else {
        delivery.received = now;
        delivery.receivedId = message.id;
      }
    } else if (message.senderId === stream.user.id) {
      if (delivery.echoed !== undefined) delivery.duplicates += 1;
      else delivery.echoed = now;
    }
  }

  /** Closes every stream; closes from now on are expected. */
  close() {
    this.closing = true;
    for (const stream of this.streams) stream.req?.destroy();
  }
}
