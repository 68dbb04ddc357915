import { describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '../../../shared/schemas/config.ts';
import { createApp } from '../../app.ts';
import { createTestApp, TEST_BASE_URL } from '../../test/test-app.ts';

const BOT = {
  BOTPRESS_INJECT_URL: 'https://cdn.botpress.cloud/webchat/v3.3/inject.js',
  BOTPRESS_BOT_SCRIPT_URL: 'https://files.bpcontent.cloud/2026/11/24/12/20261124120000-ABCD1234.js',
  BOTPRESS_CLIENT_ID: '0b7c7d2e-5a4f-4f0e-9a61-3c1f0e2d9b11',
  BOTPRESS_BOT_ID: '9d3f1c2b-8e7a-4b6d-a5c4-1e2f3a4b5c6d',
};

const { app, deps, client } = await createTestApp();

/** The same app and database with other settings (the environment is read once, at start). */
function appWith(env: Record<string, string>) {
  return createApp({ ...deps, env: { ...deps.env, ...env } });
}

function directive(csp: string | null, name: string): string[] {
  const found = (csp ?? '').split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
  return found.trim().split(/\s+/).slice(1);
}

describe('GET /api/config', () => {
  it('answers chatbot null when the chatbot is not configured, cacheable for a while', async () => {
    const res = await app.request('/api/config');
    expect(res.status).toBe(200);
    expect(PublicConfigSchema.parse(await res.json())).toEqual({
      siteUrl: TEST_BASE_URL,
      chatbot: null,
      map: null,
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers the chatbot settings when configured, to visitors and signed-in users alike', async () => {
    const configured = appWith(BOT);
    const res = await configured.request('/api/config');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(PublicConfigSchema.parse(body)).toEqual({
      siteUrl: TEST_BASE_URL,
      chatbot: {
        injectScriptUrl: BOT.BOTPRESS_INJECT_URL,
        botScriptUrl: BOT.BOTPRESS_BOT_SCRIPT_URL,
        clientId: BOT.BOTPRESS_CLIENT_ID,
        botId: BOT.BOTPRESS_BOT_ID,
      },
      map: null,
    });
    // Nothing beyond the schema: no other setting leaks through this public answer.
    expect(Object.keys(body as object)).toEqual(['siteUrl', 'chatbot', 'map']);

    for (const userType of ['renter', 'landlord'] as const) {
      const browser = client.fork();
      await browser.signUp({ userType });
      const signedIn = await configured.request('/api/config', {
        headers: { cookie: browser.cookie },
      });
      expect(await signedIn.json()).toEqual(body);
    }
  });

  it('leaves botId out when BOTPRESS_BOT_ID is not set', async () => {
    const { BOTPRESS_BOT_ID: _unused, ...withoutBotId } = BOT;
    const res = await appWith(withoutBotId).request('/api/config');
    expect(PublicConfigSchema.parse(await res.json()).chatbot).toEqual({
      injectScriptUrl: BOT.BOTPRESS_INJECT_URL,
      botScriptUrl: BOT.BOTPRESS_BOT_SCRIPT_URL,
      clientId: BOT.BOTPRESS_CLIENT_ID,
    });
  });

  it.each(['BOTPRESS_INJECT_URL', 'BOTPRESS_BOT_SCRIPT_URL', 'BOTPRESS_CLIENT_ID'] as const)(
    'is off (chatbot null, no host in the CSP) without %s',
    async (missing) => {
      const env: Record<string, string> = {
        ...BOT,
        BOTPRESS_API_URL: 'https://webchat.botpress.cloud',
      };
      delete env[missing];
      const res = await appWith(env).request('/api/config');
      expect(await res.json()).toEqual({ siteUrl: TEST_BASE_URL, chatbot: null, map: null });
      const csp = res.headers.get('content-security-policy');
      expect(csp).not.toMatch(/botpress|bpcontent/);
      expect(directive(csp, 'frame-src')).toEqual(['blob:']);
    },
  );

  it('is in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/config'] ?? {})).toEqual(['get']);
  });
});

describe('the CSP and the chatbot', () => {
  it('names no chatbot host when unconfigured', async () => {
    const csp = (await app.request('/api/config')).headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    // Only the documents a landlord opens in the page (issue 28), made by the page itself.
    expect(directive(csp, 'frame-src')).toEqual(['blob:']);
    expect(csp).not.toMatch(/botpress|bpcontent/);
  });

  it('names exactly the origins of the configured URLs, on pages and the API alike', async () => {
    const configured = appWith({ ...BOT, BOTPRESS_API_URL: 'https://webchat.botpress.cloud/' });
    for (const url of ['/api/config', '/', '/about']) {
      const csp = (await configured.request(url)).headers.get('content-security-policy');
      const assets = ['https://cdn.botpress.cloud', 'https://files.bpcontent.cloud'];
      expect(directive(csp, 'script-src'), url).toEqual(["'self'", ...assets]);
      expect(directive(csp, 'style-src'), url).toEqual(["'self'", "'unsafe-inline'", ...assets]);
      expect(directive(csp, 'img-src'), url).toEqual(["'self'", 'data:', 'blob:', ...assets]);
      expect(directive(csp, 'frame-src'), url).toEqual(['blob:', ...assets]);
      // The messaging API is fetched from, never run: connect-src only.
      expect(directive(csp, 'connect-src'), url).toEqual([
        "'self'",
        ...assets,
        'https://webchat.botpress.cloud',
      ]);
      // Origins, never the paths of the configured URLs.
      expect(csp).not.toContain('inject.js');
      expect(csp).not.toContain('/webchat/');
    }
  });

  it('names a single host once when both scripts come from it', async () => {
    const csp = (
      await appWith({
        ...BOT,
        BOTPRESS_INJECT_URL: 'http://127.0.0.1:4555/inject.js',
        BOTPRESS_BOT_SCRIPT_URL: 'http://127.0.0.1:4555/bot.js',
        BOTPRESS_API_URL: 'http://127.0.0.1:4555/api',
      }).request('/api/config')
    ).headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:4555']);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:4555']);
  });
});

describe('the CSP and the map (issue 16)', () => {
  it('adds nothing for the map without MAP_STYLE_URL', async () => {
    const res = await app.request('/search');
    const csp = res.headers.get('content-security-policy');
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directive(csp, 'worker-src')).toEqual([]);
  });

  it('allows the style URL origin only (connect-src, img-src) and blob: workers', async () => {
    const configured = appWith({
      MAP_STYLE_URL: 'https://tiles.example.com/styles/nyc.json?key=1',
    });
    const body = await (await configured.request('/api/config')).json();
    expect(PublicConfigSchema.parse(body).map).toEqual({
      styleUrl: 'https://tiles.example.com/styles/nyc.json?key=1',
    });
    for (const url of ['/api/config', '/search', '/']) {
      const csp = (await configured.request(url)).headers.get('content-security-policy');
      expect(directive(csp, 'connect-src'), url).toEqual(["'self'", 'https://tiles.example.com']);
      expect(directive(csp, 'img-src'), url).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://tiles.example.com',
      ]);
      expect(directive(csp, 'worker-src'), url).toEqual(["'self'", 'blob:']);
      // Scripts still come from this server only; the style's path and key stay out.
      expect(directive(csp, 'script-src'), url).toEqual(["'self'"]);
      expect(csp).not.toContain('nyc.json');
      expect(csp).not.toContain('key=1');
    }
  });
});
