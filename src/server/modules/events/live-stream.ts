import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EventNotice } from './event-bus.ts';
import { canResume, eventsAfter, lastEventId, type StoredEvent } from './event-store.ts';
import type { SseSink } from './sse-response.ts';

/** One open stream: writes each of its user's events once, in id order. */
export class LiveStream {
  private lastSent = 0;
  /**
   * Notices queued before start() (the stream subscribes first) are dropped: start() places the
   * stream and then catches up on everything committed, theirs included.
   */
  private started = false;
  /** Notices and writes run one after another. */
  private chain: Promise<void> = Promise.resolve();
  /** Closed here (its session ended, a write failed): nothing more is written. */
  private ended = false;
  onClose: (() => void) | undefined;

  constructor(
    private readonly stream: SseSink,
    private readonly db: Db,
    private readonly userId: string,
    private readonly logger: Logger,
  ) {}

  start(resumeFrom: number | undefined) {
    return this.enqueue(async () => {
      if (resumeFrom !== undefined && (await canResume(this.db, this.userId, resumeFrom))) {
        this.lastSent = resumeFrom;
      } else {
        this.lastSent = await lastEventId(this.db, this.userId);
        await this.stream.writeSSE({
          event: resumeFrom === undefined ? 'ready' : 'reset',
          id: String(this.lastSent),
          data: '{}',
        });
      }
      // What was missed, and anything committed while we read the counter.
      await this.catchUp();
      this.started = true;
    });
  }

  notice(notice: EventNotice) {
    void this.enqueue(async () => {
      if (!this.started || notice.id <= this.lastSent) return;
      if (notice.event && notice.id === this.lastSent + 1) await this.write(notice.event);
      else await this.catchUp();
    });
  }

  heartbeat() {
    void this.enqueue(() => this.stream.write(': ping\n\n').then(() => {}));
  }

  /**
   * Runs `check` in turn with the writes, and closes the stream when it says no: whatever was
   * queued after it (an event committed after a sign-out was noticed) is never written.
   */
  verify(check: () => Promise<boolean>) {
    void this.enqueue(async () => {
      if (!(await check())) this.close();
    });
  }

  close() {
    if (this.ended) return;
    this.ended = true;
    this.onClose?.();
  }

  private enqueue(task: () => Promise<void>) {
    this.chain = this.chain
      .then(() => (this.ended || this.stream.closed || this.stream.aborted ? undefined : task()))
      .catch((error: unknown) => {
        this.logger.warn({ err: error, userId: this.userId }, 'event stream write failed');
        this.close();
      });
    return this.chain;
  }

  private async catchUp() {
    for (;;) {
      const batch = await eventsAfter(this.db, this.userId, this.lastSent);
      for (const event of batch) await this.write(event);
      if (batch.length < 500) return;
    }
  }

  private async write(event: StoredEvent) {
    await this.stream.writeSSE({
      event: event.type,
      id: String(event.id),
      data: JSON.stringify(event.data),
    });
    this.lastSent = event.id;
  }
}
