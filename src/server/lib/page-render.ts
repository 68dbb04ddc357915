import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import {
  type LiveStartState,
  type PageRenderer,
  pageQueryKeys,
  type RenderResult,
  type ServerQuery,
  SSR_STATE_ID,
} from '../../shared/ssr.ts';
import type { AppEnv } from '../app-env.ts';
import { jsonForScript } from './html.ts';

/** Where `vite build` writes the server-rendering entry: beside the web root, never inside it. */
export function pageRendererFile(webRoot: string): string {
  return path.join(path.dirname(webRoot), 'dist-ssr', 'entry-server.js');
}

/**
 * Loaded on the first page that needs it, once; undefined when the build has no such entry, or
 * when it cannot load (its packages not found beside it, say): said once, loudly, and every
 * page is then the shell, as before server rendering, instead of a 500.
 */
export function pageRendererLoader(
  webRoot: string,
  onFailure: (error: unknown, file: string) => void = () => {},
): () => Promise<PageRenderer | undefined> {
  let loaded: Promise<PageRenderer | undefined> | undefined;
  return () => {
    loaded ??= (async () => {
      const file = pageRendererFile(webRoot);
      if (!fs.existsSync(file)) return undefined;
      try {
        return (await import(pathToFileURL(file).href)) as PageRenderer;
      } catch (error) {
        onFailure(error, file);
        return undefined;
      }
    })();
    return loaded;
  };
}

/** The start-up gate's health check, which every rendered page answers (it came from PostgreSQL). */
const HEALTHY: ServerQuery = {
  queryKey: pageQueryKeys.health,
  data: { status: 'ok', db: 'ok', roundTripMs: 0 },
};
const VISITOR: ServerQuery = { queryKey: pageQueryKeys.me, data: null };

/** React's `<title>`, `<meta>` and `<link>` tags, which it writes first: they go in the head. */
const LEADING_HOISTABLES = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** The shell's parts around a page, with what no rendered page keeps taken out (below). */
type PreparedShell = {
  /** Up to `</head>`, the shell's description kept / taken out (the page has its own). */
  head: string;
  headWithoutDescription: string;
  /** From `</head>` to the `#root` element. */
  beforeRoot: string;
  afterRoot: string;
};

const NO_STYLESHEET = (): string | undefined => undefined;
/** Prepared shells by their text, per stylesheet reader: a few (one per route's preloads). */
const preparedShells = new WeakMap<
  (href: string) => string | undefined,
  Map<string, PreparedShell>
>();

/**
 * The shell as every rendered page uses it, once per shell: without its title (the page's
 * comes instead) and the start-up requests' preloads (the page asks neither), its stylesheet
 * inline or at least applied before the first paint (the content is there to style), and its
 * scripts and their preloads at the end of the body.
 */
function prepareShell(
  shell: string,
  stylesheet: (href: string) => string | undefined,
): PreparedShell {
  let byShell = preparedShells.get(stylesheet);
  if (!byShell) {
    byShell = new Map();
    preparedShells.set(stylesheet, byShell);
  }
  const known = byShell.get(shell);
  if (known) return known;
  const headEnd = shell.search(/<\/head>/i);
  const rootStart = shell.indexOf('<div id="root">');
  const rootEnd = shell.lastIndexOf('</div>', shell.lastIndexOf('</body>')) + '</div>'.length;
  if (headEnd < 0 || rootStart < headEnd || rootEnd < rootStart) {
    throw new Error('index.html has no head or no #root element.');
  }
  // The scripts after the page (decision 077): the page's content, its stylesheet and its
  // largest image come first; the scripts only make it interactive.
  const scripts: string[] = [];
  const moveToEnd = (tag: string) => {
    scripts.push(tag.trim());
    return '';
  };
  const head = shell
    .slice(0, headEnd)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, moveToEnd)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, moveToEnd)
    .replace(/\s*<link rel="preload" href="\/api\/(health|session)"[^>]*>/g, '')
    // The page's styles in the HTML itself (decision 077): a linked stylesheet held the first
    // paint back behind a request that shares the link with the scripts.
    .replace(/<link rel="stylesheet" media="print"([^>]*)>/, (_link, rest: string) => {
      const href = /\shref="([^"]+)"/.exec(rest)?.[1];
      const css = href === undefined ? undefined : stylesheet(href);
      return css === undefined
        ? `<link rel="stylesheet"${rest}>`
        : `<style data-app-styles>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  const prepared: PreparedShell = {
    head,
    headWithoutDescription: head.replace(/<meta\s+name=["']description["'][^>]*>\s*/i, ''),
    beforeRoot: shell.slice(headEnd, rootStart),
    afterRoot: shell
      .slice(rootEnd)
      .replace(/<\/body>/i, () => `  ${scripts.join('\n    ')}\n  </body>`),
  };
  // Shells change only with a build: a bound against a leak, not an eviction policy.
  if (byShell.size >= 64) byShell.clear();
  byShell.set(shell, prepared);
  return prepared;
}

/** A rendered page as it is kept: its markup and its state, already written as JSON data. */
type PageParts = { html: string; data: string };

function pageParts(page: { html: string; state?: unknown }): PageParts {
  const data =
    page.state === undefined
      ? ''
      : `\n    <script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(page.state)}</script>`;
  return { html: page.html, data };
}

/** The prepared shell with a page in it: React's head tags (or `headTags`) in its head. */
function assemble(shell: PreparedShell, { html, data }: PageParts, headTags?: string): string {
  const hoisted = LEADING_HOISTABLES.exec(html)?.[0] ?? '';
  const body = html.slice(hoisted.length);
  const ownTitle = headTags?.includes('<title>') ?? false;
  const head = `${ownTitle ? hoisted.replace(/<title>[\s\S]*?<\/title>/, '') : hoisted}${headTags ?? ''}`;
  const shellHead = head.includes('name="description"') ? shell.headWithoutDescription : shell.head;
  return `${shellHead}  ${head}${data}\n  ${shell.beforeRoot}<div id="root">${body}</div>${shell.afterRoot}`;
}

/**
 * The app shell with a rendered page in it: the page's markup in `#root`, its state as JSON data
 * for the entry module, React's head tags (or the caller's `headTags`, which replace the title)
 * in the head, and the shell prepared as `prepareShell` says.
 */
export function pageIntoShell(
  shell: string,
  /** `state` undefined: a page that is not hydrated (the app starts afresh under it). */
  page: { html: string; state?: unknown },
  headTags?: string,
  /** The app stylesheet's text by its address, to inline; undefined keeps the link. */
  stylesheet: (href: string) => string | undefined = NO_STYLESHEET,
): string {
  return assemble(prepareShell(shell, stylesheet), pageParts(page), headTags);
}

function asJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * Pages rendered for visitors, kept for a few seconds (decision 075): a link shared to many
 * people, or a crawler's burst, is rendered once. The key is the address with every answer the
 * page was rendered with, so a changed listing is a new key, never a stale page; a signed-in
 * request never reads or writes it. A page is kept as its own parts (markup and state), not
 * with the shell and its inline stylesheet, which every kept page would otherwise repeat.
 */
type RenderedPage = { status: number; parts: PageParts };

class RenderCache {
  private readonly entries = new Map<string, { at: number; page: RenderedPage }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 10_000,
  ) {}

  get(key: string): RenderedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.at > this.maxAgeMs) return undefined;
    this.entries.set(key, entry); // the most recently used last
    return entry.page;
  }

  set(key: string, page: RenderedPage): void {
    this.entries.set(key, { at: Date.now(), page });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}

/** Who asked decides what a rendered page shows: no shared cache may keep it. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

type SignedIn = NonNullable<AppEnv['Variables']['user']>;

/** What a page rendered for a signed-in user carries beside its own data. */
export type ViewerAnswers = {
  /** Their answers every page shows (the navigation bar's unread badge). */
  queries: ServerQuery[];
  /** Their newest live event id, read before the page's data: its live stream starts there. */
  liveEventId: number;
};

export type RenderPage = {
  /**
   * The signed-in user's answers, read once a request (null for a visitor). A page that loads
   * data asks for these first, so its live stream misses nothing read after them.
   */
  viewer(c: Context<AppEnv>): Promise<ViewerAnswers | null>;
  /** The page at the request's address, or undefined when the shell should answer. */
  page(
    c: Context<AppEnv>,
    options?: {
      queries?: ServerQuery[];
      headTags?: string;
      status?: number;
      /** The page's data came from PostgreSQL just now: no need to ask whether it is up. */
      databaseAnswered?: boolean;
    },
  ): Promise<Response | undefined>;
  /** The 503 'Database Connection Error' page when PostgreSQL is down, else undefined. */
  unavailable(c: Context<AppEnv>): Promise<Response | undefined>;
};

export type RenderPageOptions = {
  loadRenderer: () => Promise<PageRenderer | undefined>;
  indexHtml: (pathname: string) => string | undefined;
  /** Answers every page is rendered with, whoever asks (the public config). */
  sharedQueries?: () => ServerQuery[];
  /** A signed-in user's own answers (`c.var.user` is set by the session loaded before). */
  viewerAnswers?: (user: SignedIn) => Promise<ViewerAnswers>;
  /** Whether PostgreSQL answers; asked before each page is rendered. */
  databaseUp?: () => Promise<boolean>;
  /** The build's stylesheet by its address, inlined into a rendered page's head. */
  stylesheet?: (href: string) => string | undefined;
};

/**
 * Renders the page at the request's address for whoever asks (decision 075, 077): the answer, or
 * undefined when the shell should answer instead (no renderer in the build, a screen rendered in
 * the browser, or a render that failed, which is logged). A visitor's page may be kept a few
 * seconds and served to other visitors; a signed-in user's is rendered for them alone.
 */
export function createRenderPage({
  loadRenderer,
  indexHtml,
  sharedQueries = () => [],
  viewerAnswers = async () => ({ queries: [], liveEventId: 0 }),
  databaseUp = async () => true,
  stylesheet,
}: RenderPageOptions): RenderPage {
  const rendered = new RenderCache();
  const styles = stylesheet ?? NO_STYLESHEET;
  const viewers = new WeakMap<Request, Promise<ViewerAnswers | null>>();
  const viewer: RenderPage['viewer'] = (c) => {
    let answers = viewers.get(c.req.raw);
    if (!answers) {
      const user = c.get('user');
      answers = user ? viewerAnswers(user) : Promise.resolve(null);
      viewers.set(c.req.raw, answers);
    }
    return answers;
  };
  const databaseError = async (c: Context<AppEnv>, shell: string, renderer: PageRenderer) => {
    c.header('Cache-Control', 'no-store');
    c.header('Retry-After', '5');
    return c.html(
      pageIntoShell(shell, { html: await renderer.renderDatabaseError() }, undefined, stylesheet),
      503,
    );
  };
  const unavailable: RenderPage['unavailable'] = async (c) => {
    if (await databaseUp()) return undefined;
    const shell = indexHtml(c.req.path);
    const renderer = shell === undefined ? undefined : await loadRenderer();
    if (!renderer || shell === undefined) return undefined;
    return databaseError(c, shell, renderer);
  };
  const page: RenderPage['page'] = async (c, options = {}) => {
    const shell = indexHtml(c.req.path);
    const renderer = shell === undefined ? undefined : await loadRenderer();
    if (!renderer || shell === undefined || !renderer.rendersPath(c.req.path)) return undefined;
    const user = c.get('user') ?? null;
    let result: RenderResult;
    let key: string | undefined;
    let live: LiveStartState | undefined;
    try {
      const signedIn = user ? await viewer(c) : null;
      const own: ServerQuery[] =
        user && signedIn
          ? [{ queryKey: pageQueryKeys.me, data: meOf(user) }, ...signedIn.queries]
          : [VISITOR];
      if (user && signedIn) live = { userId: user.id, eventId: signedIn.liveEventId };
      // As JSON, like the API's answers: the browser hydrates with the same values (a Date
      // would render one way here and another from the page's JSON).
      const queries = [HEALTHY, ...own, ...sharedQueries(), ...(options.queries ?? [])].map(
        ({ queryKey, data }) => ({ queryKey, data: asJson(data) }),
      );
      if (!user) {
        key = `${c.req.url}\n${options.headTags ?? ''}\n${JSON.stringify(queries)}`;
        const cached = rendered.get(key);
        if (cached && (options.databaseAnswered || (await databaseUp()))) {
          const html = assemble(prepareShell(shell, styles), cached.parts, options.headTags);
          return c.html(html, cached.status as 200 | 404, PRIVATE);
        }
      }
      result = await renderer.renderPage(new Request(c.req.url), queries);
    } catch (error) {
      c.var.logger.error({ err: error, path: c.req.path }, 'server rendering failed');
      return undefined;
    }
    if (result.kind === 'shell') return undefined;
    // A page that needed no data still shows whether the app can work: not while it is down.
    if (!options.databaseAnswered && !(await databaseUp()))
      return databaseError(c, shell, renderer);
    if (result.kind === 'redirect') {
      c.header('Cache-Control', 'private, no-store');
      return c.redirect(result.location, 302);
    }
    const status = (options.status ?? result.status) as 200 | 404;
    const state = live ? { ...(result.state as object), live } : result.state;
    const parts = pageParts({ html: result.html, state });
    const html = assemble(prepareShell(shell, styles), parts, options.headTags);
    if (key !== undefined) rendered.set(key, { status, parts });
    return c.html(html, status, PRIVATE);
  };
  return { viewer, page, unavailable };
}

/** The user as `GET /api/session` names them (the session may carry more). */
function meOf({ id, email, name, userType }: SignedIn) {
  return { id, email, name, userType };
}
