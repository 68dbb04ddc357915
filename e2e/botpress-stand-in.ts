import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Botpress's two scripts, served from its own origin (127.0.0.1 on a free
 * port): `inject.js` defines `window.botpress` (init, config, open, close, toggle, on) and
 * draws a small webchat, `bot.js` calls `init` with the bot's settings, as the real ones do.
 *
 * Each browser context picks what happens with a cookie (`standin-scenario`), sent with the
 * script requests because the app under test runs on the same host: the server answers a 404
 * for one script, or a bot script that removes `window.botpress`. A second cookie
 * (`standin-run`) names the test, so it can count the requests its own page made.
 */
export type Scenario = 'ok' | 'inject-404' | 'bot-404' | 'no-webchat-object';

export const SCENARIO_COOKIE = 'standin-scenario';
export const RUN_COOKIE = 'standin-run';

export type StandIn = {
  origin: string;
  injectUrl: string;
  botUrl: string;
  /** The script paths requested by the pages of one run (its `standin-run` cookie). */
  requests(run: string): string[];
  close(): Promise<void>;
};

const INJECT = `(() => {
  const listeners = {};
  const state = { configuration: {}, opened: false };
  let fab;
  let panel;
  const emit = (type, payload) => (listeners[type] || []).forEach((fn) => fn(payload));
  const render = () => {
    const c = state.configuration;
    fab.style.background = c.color || '#444';
    fab.setAttribute('aria-label', 'Chat with ' + (c.botName || 'the bot'));
    fab.setAttribute('aria-expanded', String(state.opened));
    panel.hidden = !state.opened;
    panel.querySelector('h2').textContent = c.botName || 'Bot';
    panel.querySelector('p').textContent = c.botDescription || '';
    panel.querySelector('input').placeholder = c.composerPlaceholder || '';
    panel.querySelector('header').style.background = c.color || '#444';
  };
  const setOpened = (opened) => {
    state.opened = opened;
    render();
    emit(opened ? 'webchat:opened' : 'webchat:closed', {});
  };
  window.botpress = {
    initialized: false,
    init(options) {
      if (this.initialized) return;
      state.configuration = Object.assign({}, options.configuration);
      const host = document.querySelector(options.selector || 'body') || document.body;
      fab = document.createElement('button');
      fab.type = 'button';
      fab.className = 'bpFab';
      fab.textContent = 'Chat';
      Object.assign(fab.style, {
        position: 'fixed', right: '1.5rem', bottom: '1.5rem', width: '4rem', height: '4rem',
        borderRadius: '9999px', border: '0', color: '#fff', font: '600 0.95rem system-ui',
        boxShadow: '0 4px 12px rgba(0,0,0,0.25)', cursor: 'pointer', zIndex: '10000',
      });
      fab.addEventListener('click', () => setOpened(!state.opened));
      panel = document.createElement('section');
      panel.className = 'bpWebchat';
      panel.setAttribute('aria-label', 'Webchat');
      panel.innerHTML = '<header><h2></h2><p></p></header><div class="log"></div><input aria-label="Message">';
      Object.assign(panel.style, {
        position: 'fixed', right: '1.5rem', bottom: '6.5rem', width: 'min(22rem, calc(100vw - 3rem))',
        height: '26rem', background: '#fff', borderRadius: '0.75rem', overflow: 'hidden',
        boxShadow: '0 8px 24px rgba(0,0,0,0.2)', zIndex: '9999', font: '0.95rem system-ui',
        display: 'flex', flexDirection: 'column',
      });
      Object.assign(panel.querySelector('header').style, { color: '#fff', padding: '1rem' });
      Object.assign(panel.querySelector('h2').style, { margin: '0', fontSize: '1.1rem' });
      Object.assign(panel.querySelector('p').style, { margin: '0.25rem 0 0', fontSize: '0.85rem' });
      Object.assign(panel.querySelector('.log').style, { flex: '1' });
      Object.assign(panel.querySelector('input').style, {
        margin: '0.75rem', padding: '0.6rem', border: '1px solid #ccc', borderRadius: '0.5rem',
      });
      host.append(panel, fab);
      this.initialized = true;
      render();
      emit('webchat:initialized', {});
    },
    config(options) {
      Object.assign(state.configuration, options.configuration);
      if (fab) render();
    },
    open() { setOpened(true); },
    close() { if (fab) setOpened(false); },
    toggle() { setOpened(!state.opened); },
    on(type, fn) {
      (listeners[type] = listeners[type] || []).push(fn);
      return () => { listeners[type] = listeners[type].filter((f) => f !== fn); };
    },
  };
})();
`;

const BOT = `window.botpress.init({
  botId: 'stand-in-bot',
  clientId: 'stand-in-client',
  configuration: { botName: 'Stand-in bot', color: '#3b82f6', botDescription: 'Not Stoop yet' },
});
`;

function cookies(header: string | undefined): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name) jar[name] = decodeURIComponent(value.join('='));
  }
  return jar;
}

function script(scenario: Scenario, path: string): string | null {
  if (path === '/inject.js') return scenario === 'inject-404' ? null : INJECT;
  if (path === '/bot.js') {
    if (scenario === 'bot-404') return null;
    return scenario === 'no-webchat-object' ? 'delete window.botpress;\n' : BOT;
  }
  return null;
}

export async function startBotpressStandIn(): Promise<StandIn> {
  const seen = new Map<string, string[]>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const jar = cookies(req.headers.cookie);
    const run = jar[RUN_COOKIE] ?? '';
    seen.set(run, [...(seen.get(run) ?? []), path]);
    const body = script((jar[SCENARIO_COOKIE] as Scenario | undefined) ?? 'ok', path);
    res.setHeader('Cache-Control', 'no-store');
    if (body === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    injectUrl: `${origin}/inject.js`,
    botUrl: `${origin}/bot.js`,
    requests: (run) => seen.get(run) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
