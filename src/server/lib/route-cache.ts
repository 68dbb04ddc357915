import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Matches kept at most; past it the oldest go first. */
const MAX_MATCHES = 512;

/**
 * Hono's own router (the one `new Hono()` makes), with its matches kept by method and path
 * (decision 060). The app's routes (hono has to fall back to its trie router for them) put
 * some twenty middlewares and handlers on every /api path, and walking the trie for them was a
 * few per cent of the CPU of a `GET /api/me`. A match depends on nothing but the method, the
 * path and the routes, so a kept one is the same answer; adding a route forgets them all. Paths
 * with ids make new keys, so the oldest make room (a miss costs what every request cost
 * before). Hono only reads a match: the same one may serve many requests.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  private readonly matches = new Map<string, Result<T>>();

  constructor(
    private readonly inner: Router<T> = new SmartRouter<T>({
      routers: [new RegExpRouter<T>(), new TrieRouter<T>()],
    }),
    private readonly max = MAX_MATCHES,
  ) {}

  add(method: string, path: string, handler: T): void {
    this.matches.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let found = this.matches.get(key);
    if (found === undefined) {
      found = this.inner.match(method, path);
      if (this.matches.size >= this.max) {
        const oldest = this.matches.keys().next().value;
        if (oldest !== undefined) this.matches.delete(oldest);
      }
      this.matches.set(key, found);
    }
    return found;
  }
}
