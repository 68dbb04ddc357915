import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../shared/schemas/error.ts';
import { createApp } from './app.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Issue 10 item 9: the build's `.vite/manifest.json` (and any dotfile) is for the server, not the
 * public. Pages still get the preloads the server reads from it.
 */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-web-dot-'));
fs.mkdirSync(path.join(webRoot, '.vite'));
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>Stoop</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(webRoot, '.vite', 'manifest.json'),
  JSON.stringify({ 'index.html': { file: 'assets/main-a1b2c3.js', isEntry: true } }),
);
fs.writeFileSync(path.join(webRoot, 'assets', 'main-a1b2c3.js'), 'console.log(1)');
fs.writeFileSync(path.join(webRoot, '.env'), 'SECRET=1');
fs.mkdirSync(path.join(webRoot, 'assets', '.hidden'));
fs.writeFileSync(path.join(webRoot, 'assets', '.hidden', 'x.js'), 'console.log(2)');
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const { deps } = await createTestApp();
const app = createApp({ ...deps, webRoot });

describe('dotfiles of the build', () => {
  for (const url of [
    '/.vite/manifest.json',
    '/.vite/',
    '/.vite',
    '/%2evite/manifest.json',
    '/%2Evite/manifest.json',
    '/.env',
    '/assets/.hidden/x.js',
    '/assets/%2ehidden/x.js',
  ]) {
    it(`${url} is a 404 in the error shape, never the file or the app shell`, async () => {
      const res = await app.request(url);
      const text = await res.text();
      expect(res.status, text).toBe(404);
      expect(text).not.toContain('isEntry');
      expect(text).not.toContain('SECRET');
      expect(text).not.toContain('<div id="root">');
      expect(ErrorBodySchema.parse(JSON.parse(text)).error.code).toBe('NOT_FOUND');
    });
  }
});
