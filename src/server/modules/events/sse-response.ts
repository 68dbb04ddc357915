import type { ServerResponse } from 'node:http';

/** What a live stream writes to: Hono's SSE stream in tests, the Node response on a server. */
export interface SseSink {
  writeSSE(message: { event: string; id: string; data: string }): Promise<void>;
  write(text: string): Promise<unknown>;
  readonly closed: boolean;
  readonly aborted: boolean;
}

/**
 * Server-sent events straight onto Node's response (issue 17: 10,000 open streams a process).
 * Hono's `streamSSE` pipes a web TransformStream into the response, about 20 KB a stream more
 * than the socket and the response it already needs; an idle stream here holds only those.
 */
export class NodeSseResponse implements SseSink {
  private ended = false;
  private readonly closeHandlers: (() => void)[] = [];

  constructor(private readonly res: ServerResponse) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no', // proxies must pass events through as they come
      'X-Content-Type-Options': 'nosniff',
    });
    res.flushHeaders();
    res.once('close', () => {
      this.ended = true;
      for (const handler of this.closeHandlers.splice(0)) handler();
    });
  }

  get closed() {
    return this.ended;
  }

  get aborted() {
    return this.ended;
  }

  /** Runs once when the client goes (or the stream is ended here). */
  onClose(handler: () => void) {
    if (this.ended) handler();
    else this.closeHandlers.push(handler);
  }

  writeSSE({ event, id, data }: { event: string; id: string; data: string }) {
    const lines = data
      .split('\n')
      .map((line) => `data: ${line}`)
      .join('\n');
    return this.write(`event: ${event}\nid: ${id}\n${lines}\n\n`);
  }

  /** Resolves when the text is handed to the socket (or waits for it to drain first). */
  write(text: string): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.res.write(text)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.once('drain', done);
      this.res.once('close', done);
    });
  }

  end() {
    if (!this.ended) this.res.end();
    this.ended = true;
  }
}
